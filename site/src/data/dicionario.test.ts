import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Dicionario, DicionarioSchema } from '@fundamentos/schemas/dicionario';
import type { EmpresaIndice } from '@fundamentos/schemas/empresa';
import {
  formatarContaUsada,
  INDICADORES,
  type Indicadores,
  NOMES_INDICADORES,
} from '@fundamentos/schemas/indicadores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBuild } from './build.ts';
import { contaUsada, significadoFlags, textosDicionario, titulosIndicadores } from './dicionario.ts';
import type { EmpresaPublicada } from './empresas.ts';
import { paginaTema, temaMarkdown } from './temas.ts';

/*
 * Made here: a dictionary whose Portuguese and English texts are written for this test (no financial
 * number). Flag values are real ones; each text says its language so a mix-up is visible.
 */
const flags = ['conta_ausente', 'denominador_nao_positivo', 'ttm_sem_trimestre'];
const d: Dicionario = DicionarioSchema.parse({
  versao_do_dado: '2026-11-22-teste|1',
  indicadores: NOMES_INDICADORES.map((nome) => ({
    nome,
    titulo: `título em português de ${nome}`,
    titulo_en: `English title of ${nome}`,
    formula: `fórmula em português de ${nome}`,
    formula_en: `English formula of ${nome}`,
    contas_regulator: ['DRE 3.01'],
    base_lucro: INDICADORES[nome].base_lucro,
    unidade: INDICADORES[nome].unidade,
    flags_possiveis: flags,
    metodologia: `/metodologia#${nome}`,
  })),
  flags: flags.map((flag) => ({
    flag,
    significado: `significado em português de ${flag}`,
    significado_en: `English meaning of ${flag}`,
    origem: 'projeto',
    onde: 'todos os indicadores',
    onde_en: 'every indicator',
  })),
  regras: { versao: 'regra em português' },
  regras_en: { versao: 'rule in English' },
  metodologia: '/metodologia',
  nota: 'nota em português',
  nota_en: 'note in English',
});

const textosPt = [
  d.nota,
  ...d.indicadores.flatMap((i) => [i.titulo, i.formula]),
  ...d.flags.flatMap((f) => [f.significado, f.onde]),
  ...Object.values(d.regras),
];

describe('dictionary texts in the page language', () => {
  it('English gives every English text and none of the Portuguese ones', () => {
    const en = textosDicionario(d, 'en');
    const mostrados = [
      en.nota,
      ...[...en.indicadores.values()].flatMap((i) => [i.titulo, i.formula]),
      ...[...en.flags.values()].flatMap((f) => [f.significado, f.onde]),
      ...en.regras.map(([, v]) => v),
    ];
    for (const pt of textosPt) expect(mostrados).not.toContain(pt);
    expect(en.flags.get('conta_ausente')?.significado).toBe('English meaning of conta_ausente');
    expect(en.regras).toEqual([['versao', 'rule in English']]);
    expect(textosDicionario(d, 'pt').flags.get('conta_ausente')?.significado).toBe(
      'significado em português de conta_ausente',
    );
  });

  it('a theme page in English has English titles and formulas, and no Portuguese dictionary text', () => {
    // Made here: one margin value (not a financial fact) so the answer has a title in it.
    const e = {
      indice: { ticker: 'AAAA3', nome: 'EMPRESA FEITA AQUI', cd_regulator: 1, citacao: 'x' } as EmpresaIndice,
      indicadores: {
        indicadores: [{ ano: 2021, nome: 'margem_liquida', valor: 0.1, flag: null }],
        proveniencia: Object.fromEntries(
          ['margem_liquida', 'margem_bruta', 'margem_ebit'].map((n) => [
            n,
            {
              titulo: `título em português de ${n}`,
              formula: `fórmula em português de ${n}`,
              contas_regulator: ['DRE 3.01'],
            },
          ]),
        ),
        citacao: 'x',
      } as unknown as Indicadores,
      reapresentacoes: null,
      multiplos: null,
      dividendos: null,
      precos: null,
    } satisfies EmpresaPublicada;
    const en = temaMarkdown(paginaTema(e, 'margem', 'en', textosDicionario(d, 'en')));
    expect(en).toContain("In 2021, EMPRESA FEITA AQUI's English title of margem_liquida was 10.0%.");
    expect(en).toContain(
      '- English title of margem_bruta: English formula of margem_bruta (regulator accounts DRE 3.01).',
    );
    for (const pt of textosPt) expect(en).not.toContain(pt);
    // Portuguese pages keep the artefact's own title and formula.
    const pt = temaMarkdown(paginaTema(e, 'margem', 'pt', textosDicionario(d, 'pt')));
    expect(pt).toContain('Em 2021, título em português de margem_liquida de EMPRESA FEITA AQUI foi 10,0%.');
  });
});

describe('dictionary read from a build', () => {
  let pub: string;
  beforeAll(() => {
    pub = mkdtempSync(join(tmpdir(), 'site-dicionario-'));
    const body = JSON.stringify(d);
    mkdirSync(join(pub, 'b1', 'json'), { recursive: true });
    writeFileSync(join(pub, 'b1', 'json', 'dicionario.json'), body);
    const sha256 = createHash('sha256').update(body).digest('hex');
    const artefato = {
      name: 'dicionario',
      path: 'json/dicionario.json',
      rows: 1,
      bytes: body.length,
      sha256,
      schema: 'Dicionario',
      format: 'json',
    };
    writeFileSync(
      join(pub, 'b1', 'manifest.json'),
      JSON.stringify({
        versao_do_dado: d.versao_do_dado,
        criado_em: '2026-11-22T03:00:00-03:00',
        schema_version: 1,
        artefatos: [artefato],
      }),
    );
    symlinkSync('b1', join(pub, 'current'));
  });
  afterAll(() => rmSync(pub, { recursive: true, force: true }));

  it('gives flag meanings and titles in the asked language, a family value under its family', () => {
    const b = openBuild(pub);
    expect(significadoFlags(b, 'en').get('ttm_sem_trimestre_3_2015')).toBe(
      'English meaning of ttm_sem_trimestre',
    );
    expect(significadoFlags(b).get('conta_ausente')).toBe('significado em português de conta_ausente');
    expect(significadoFlags(b, 'en').get('flag_que_nao_existe')).toBeUndefined();
    expect(titulosIndicadores(b, 'en').get('roe')).toBe('English title of roe');
  });
});

describe('other Portuguese texts the marts publish', () => {
  it('an account used, in the format the schemas package writes, gets its word translated', () => {
    const v = formatarContaUsada({ demo: 'BPA', cd_conta: '1.01', agreg: 'con', ano: 2014 });
    expect(contaUsada(v, 'en')).toEqual({ texto: 'BPA 1.01 (con, fiscal year 2014)', lang: undefined });
    expect(contaUsada(v, 'pt')).toEqual({ texto: v, lang: undefined });
    expect(contaUsada('outro formato', 'en').lang).toBe('pt-BR');
  });
});
