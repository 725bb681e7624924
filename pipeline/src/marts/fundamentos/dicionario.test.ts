import { DicionarioSchema } from '@fundamentos/schemas/dicionario';
import {
  entradaDoDicionario,
  FAMILIAS_DE_FLAGS,
  FLAGS_CONHECIDAS,
  flagsDesconhecidas,
} from '@fundamentos/schemas/flags';
import { describe, expect, it } from 'vitest';
import { CLASSIFICACAO_FLAGS_PL } from '../mercado/multiplos.ts';
import { dicionario } from './dicionario.ts';

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
