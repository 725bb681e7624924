import { describe, expect, it } from 'vitest';
import { consultar } from '../../testing/consulta.ts';
import { gravidadePlSql } from './multiplos.ts';

/** The P/L flags' severity as mart_screener computes it (made-here flag strings, not company results). */
async function gravidade(flag: string): Promise<unknown> {
  const [r] = await consultar(
    `SELECT ${gravidadePlSql('f')} AS g FROM (SELECT CAST($$${flag}$$ AS VARCHAR) AS f)`,
  );
  return r?.g;
}

describe('gravidadePlSql', () => {
  it('grades each flag by CLASSIFICACAO_FLAGS_PL and keeps the worst', async () => {
    expect(await gravidade('acoes_em_milhares')).toBe('ajuste_feito');
    expect(await gravidade('acoes_em_milhares;acoes_defasadas')).toBe('ressalva_leve');
    expect(await gravidade('acoes_defasadas;preco_distante;acoes_em_milhares')).toBe('bloqueante');
  });

  it('a flag that extends a known one with _… takes its grade; an unknown flag blocks', async () => {
    expect(await gravidade('ttm_sem_trimestre_2_2023')).toBe('bloqueante');
    expect(await gravidade('acoes_em_milhares_x')).toBe('ajuste_feito');
    expect(await gravidade('flag_que_ninguem_conhece')).toBe('bloqueante');
    expect(await gravidade('')).toBe('bloqueante');
  });

  it('no flag, no grade', async () => {
    const [r] = await consultar(`SELECT ${gravidadePlSql('CAST(NULL AS VARCHAR)')} AS g`);
    expect(r?.g).toBeNull();
  });
});
