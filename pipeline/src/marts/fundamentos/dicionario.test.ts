import { DicionarioSchema } from '@fundamentos/schemas/dicionario';
import {
  entradaDoDicionario,
  FAMILIAS_DE_FLAGS,
  FLAGS_CONHECIDAS,
  flagsDesconhecidas,
} from '@fundamentos/schemas/flags';
import { textosDoDicionario } from '@fundamentos/ui/dicionario';
import { describe, expect, it } from 'vitest';
import { CLASSIFICACAO_FLAGS_PL } from '../mercado/multiplos.ts';
import { dicionario, FLAGS, flagsBilingues, REGRAS_GERAIS, regrasEmIngles } from './dicionario.ts';

const d = DicionarioSchema.parse(dicionario('2026-01-02-amostra|1'));
const descritas = new Set(d.flags.map((f) => f.flag));

describe('the published dictionary and the schema list of flags', () => {
  it('describes every flag the schemas package knows', () => {
    const semSignificado = FLAGS_CONHECIDAS.filter((f) => !descritas.has(entradaDoDicionario(f)));
    expect(semSignificado).toEqual([]);
  });

  it('describes nothing the schemas package does not know (a family counts by its prefix)', () => {
    const familias = new Set(Object.keys(FAMILIAS_DE_FLAGS));
    const soltas = [...descritas].filter((f) => !familias.has(f) && flagsDesconhecidas(f).length > 0);
    expect(soltas).toEqual([]);
  });

  it("covers every flag the market's P/L classification can give", () => {
    for (const { flag } of CLASSIFICACAO_FLAGS_PL) expect(descritas.has(flag), flag).toBe(true);
  });

  it('files a period of a family under the family and leaves other values alone', () => {
    expect(entradaDoDicionario('ttm_sem_trimestre_3_2015')).toBe('ttm_sem_trimestre');
    expect(entradaDoDicionario('ttm_sem_trimestre_5_2015')).toBe('ttm_sem_trimestre_5_2015');
    expect(flagsDesconhecidas('ttm_sem_trimestre_3_2015;coisa_nova')).toEqual(['coisa_nova']);
  });

  it('lists every flag an indicator can carry among the described ones', () => {
    for (const i of d.indicadores)
      for (const f of i.flags_possiveis) expect(descritas.has(f), `${i.nome}: ${f}`).toBe(true);
  });
});

/** Portuguese function words: an English text that still has them was not translated (quoted labels aside). */
// The conjunction `e` only between spaces, so the English `e.g.` passes.
const PALAVRAS_PT = /\b(não|de|do|da|dos|das|ou|sem|com|para|quando|valor|nulo)\b|\se\s/iu;
const semCitacoes = (t: string) => t.replace(/"[^"]*"/g, '');

describe('the English texts of the dictionary', () => {
  const textosEn = [
    ...d.indicadores.flatMap((i) => [
      [i.nome, i.titulo_en],
      [i.nome, i.formula_en],
    ]),
    ...d.flags.flatMap((f) => [
      [f.flag, f.significado_en],
      [f.flag, f.onde_en],
    ]),
    ...Object.entries(d.regras_en),
    ['nota', d.nota_en],
  ];

  it('are English, not the Portuguese text copied', () => {
    for (const [onde, t] of textosEn) expect(semCitacoes(t ?? ''), onde).not.toMatch(PALAVRAS_PT);
    for (const f of d.flags) expect(f.significado_en, f.flag).not.toBe(f.significado);
    for (const i of d.indicadores.filter(
      (x) => x.titulo !== x.nome.toUpperCase() && !x.titulo.startsWith('F-score'),
    ))
      expect(i.titulo_en, i.nome).not.toBe(i.titulo);
    expect(Object.keys(d.regras_en)).toEqual(Object.keys(d.regras));
  });

  it('an entry without English fails the mart, naming the flag or the rule', () => {
    const [primeira] = FLAGS;
    if (!primeira) throw new Error('no flag');
    const { significado_en: _s, ...semIngles } = primeira;
    expect(() => flagsBilingues([...FLAGS, { ...semIngles, flag: 'flag_nova' }])).toThrow(
      /dicionario\.ts: flag "flag_nova" without English text/,
    );
    expect(() => flagsBilingues([{ ...primeira, onde_en: ' ' }])).toThrow(`flag "${primeira.flag}"`);
    expect(() => regrasEmIngles({ ...REGRAS_GERAIS, regra_nova: 'só em português' }, {})).toThrow(
      /rule "versao", .*"regra_nova" without English text/,
    );
  });

  it('the schema refuses an empty English text or rules_en with other keys', () => {
    const [f] = d.flags;
    if (!f) throw new Error('no flag');
    const r1 = DicionarioSchema.safeParse({
      ...d,
      flags: [{ ...f, significado_en: '' }, ...d.flags.slice(1)],
    });
    expect(r1.success).toBe(false);
    expect(r1.error?.issues[0]?.path).toEqual(['flags', 0, 'significado_en']);
    const r2 = DicionarioSchema.safeParse({ ...d, regras_en: { ...d.regras_en, extra: 'x' } });
    expect(r2.error?.issues[0]?.path).toEqual(['regras_en']);
  });
});

describe('the words in ui/src/dicionario', () => {
  it('describe exactly the flags and indicators the pipeline publishes, no orphan text', () => {
    const t = textosDoDicionario('pt');
    expect(Object.keys(t.flags)).toEqual(d.flags.map((f) => f.flag));
    expect(Object.keys(t.indicadores).sort()).toEqual(d.indicadores.map((i) => i.nome).sort());
    expect(Object.keys(t.regras)).toEqual(Object.keys(d.regras));
  });

  it('the rules quote the parameters the pipeline uses (ICU placeholders filled at publication)', () => {
    expect(textosDoDicionario('pt').regras.dep_amort).toContain('/{candidato}/');
    expect(d.regras.dep_amort).toContain('/deprec|amortiz|exaust/');
    expect(d.regras_en.dep_amort).toContain('/deprec|amortiz|exaust/');
    expect(d.regras.dep_amort).not.toContain('{');
  });
});
