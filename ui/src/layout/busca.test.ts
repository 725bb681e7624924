import { describe, expect, it } from 'vitest';
import {
  type CandidatoDaBusca,
  type ConsultaDaBusca,
  compararNaBusca,
  FONTE_DA_BUSCA,
  lerConsulta,
  normalizar,
  ordemNaBusca,
} from './busca.ts';
import { SCRIPT_BUSCA } from './busca-script.ts';

interface Regras {
  normalizar: typeof normalizar;
  lerConsulta: typeof lerConsulta;
  ordemNaBusca: typeof ordemNaBusca;
  compararNaBusca: typeof compararNaBusca;
}

/** The rules as the browser gets them: the serialised source text, evaluated on its own. */
const noNavegador = new Function(
  `${FONTE_DA_BUSCA}\nreturn { normalizar, lerConsulta, ordemNaBusca, compararNaBusca };`,
)() as Regras;

// Candidates made here (names and numbers invented for the test, shaped like /busca.json's rows).
const CANDIDATOS: (CandidatoDaBusca & { codigo: string })[] = [
  { codigo: 'ENRG3', codigos: ['ENRG3', 'ENRG4', 'ENRO3'], cvm: 1234, cnpj: '12345678000190', chave: '' },
  { codigo: 'AGUA11', codigos: ['AGUA11'], cvm: null, cnpj: '87654321000155', chave: '' },
  { codigo: 'ENXX11', codigos: ['ENXX11'], cvm: null, cnpj: null, chave: '' },
].map((k, i) => ({
  ...k,
  chave: normalizar(
    ['Companhia ENERGÉTICA São João S.A.', 'Fundo Água Limpa FII', 'ETF Energia Índice'][i] ?? '',
  ),
}));

const CONSULTAS = [
  'enrg',
  'ENRO3',
  '  Enrg4 ',
  'energética',
  'ENERGETICA sao',
  'São-João',
  'água',
  'agua limpa',
  '1234',
  '12.345.678/0001-90',
  '12345678',
  '1234567',
  '87654321000155',
  'Índice',
  'energia',
  'en',
  '',
  '   ',
  'ç',
  'xyz',
];

function resultado(r: Regras, q: string): string[] | null {
  const c: ConsultaDaBusca | null = r.lerConsulta(q, r.normalizar);
  if (c === null) return null;
  return CANDIDATOS.flatMap((k) => {
    const ordem = r.ordemNaBusca(c, k);
    return ordem === null ? [] : [{ ordem, codigo: k.codigo }];
  })
    .sort(r.compararNaBusca)
    .map((a) => `${a.ordem}:${a.codigo}`);
}

describe('search rules, one source for /procurar and the search box', () => {
  it('normalises accents, case and marks; the browser copy gives the same text', () => {
    for (const s of ['ENERGÉTICA', 'São João', 'Ação ÇÃO', 'ÍNDICE', 'ﬁ', 'Ä', 'a\u0301'])
      expect(noNavegador.normalizar(s), s).toBe(normalizar(s));
    expect(normalizar('Companhia ENERGÉTICA São João')).toBe('companhia energetica sao joao');
    expect(normalizar('a\u0301')).toBe('a');
  });

  it('reads and ranks queries the same on the server and in the browser copy', () => {
    for (const q of CONSULTAS) {
      expect(noNavegador.lerConsulta(q, noNavegador.normalizar), q).toEqual(lerConsulta(q, normalizar));
      expect(resultado(noNavegador, q), q).toEqual(
        resultado({ normalizar, lerConsulta, ordemNaBusca, compararNaBusca }, q),
      );
    }
  });

  it('ranks code prefixes (old codes too), then CVM code or CNPJ root, then every name word', () => {
    const regras = { normalizar, lerConsulta, ordemNaBusca, compararNaBusca };
    expect(resultado(regras, 'enrg')).toEqual(['0:ENRG3']);
    expect(resultado(regras, 'ENRO3')).toEqual(['0:ENRG3']);
    // "en" is a code prefix of ENRG3 and ENXX11, not a name word test: codes win.
    expect(resultado(regras, 'en')).toEqual(['0:ENRG3', '0:ENXX11']);
    expect(resultado(regras, 'ENERGETICA sao')).toEqual(['2:ENRG3']);
    expect(resultado(regras, 'São-João')).toEqual(['2:ENRG3']);
    expect(resultado(regras, 'água')).toEqual(['2:AGUA11']);
    expect(resultado(regras, 'Índice')).toEqual(['2:ENXX11']);
    expect(resultado(regras, '1234')).toEqual(['1:ENRG3']);
    expect(resultado(regras, '12.345.678/0001-90')).toEqual(['1:ENRG3']);
    expect(resultado(regras, '12345678')).toEqual(['1:ENRG3']);
    // Fewer than 8 digits is no CNPJ root, and 1234567 is no CVM code here.
    expect(resultado(regras, '1234567')).toEqual([]);
    expect(resultado(regras, '87654321000155')).toEqual(['1:AGUA11']);
    expect(resultado(regras, '   ')).toBeNull();
  });

  it("the shell's script carries the rules' text and parses", () => {
    expect(SCRIPT_BUSCA).toContain(FONTE_DA_BUSCA);
    expect(() => new Function(SCRIPT_BUSCA)).not.toThrow();
  });
});
