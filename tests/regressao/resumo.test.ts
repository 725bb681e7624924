import { readFile } from 'node:fs/promises';
import { modeloDoCaminho, ResumoSchema } from '@fundamentos/pipeline/testing/resumo';
import { describe, expect, it } from 'vitest';
import { ATUALIZAR, RESUMO_AMOSTRA, resumoDaAmostra } from './amostra.ts';

describe('regression net: the whole sample publication against its committed summary', () => {
  it('every artefact group, bulk set, row count, null count and sum is as committed', async () => {
    const esperado = ResumoSchema.parse(JSON.parse(await readFile(RESUMO_AMOSTRA, 'utf8')));
    const atual = await resumoDaAmostra();
    expect(atual, `the publication changed: if on purpose, run \`${ATUALIZAR}\` and review the diff`).toEqual(
      esperado,
    );
  });

  it('groups per-company, per-ticker and per-year paths, keeps names without digits', () => {
    expect(modeloDoCaminho('json/empresas/15253/auditoria/dep_amort/2016.json')).toBe(
      'json/empresas/*/auditoria/dep_amort/*.json',
    );
    expect(modeloDoCaminho('json/fiis/HGLG11/index.json')).toBe('json/fiis/*/index.json');
    expect(modeloDoCaminho('parquet/indicadores.parquet')).toBe('parquet/indicadores.parquet');
  });
});
