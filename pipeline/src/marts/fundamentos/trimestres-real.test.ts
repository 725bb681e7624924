import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build.ts';
import type { Stage } from '../../core/stage.ts';
import { AMOSTRA_RAW } from '../../testing/amostra.ts';
import { fatosStage } from './fatos.ts';
import { trimestresStage } from './trimestres.ts';

/**
 * Quarterly facts on the REAL ITR rows of the sample (raw/cvm/itr/itr_cia_aberta_DRE_con_2025.csv:
 * WEG 005410 lines 27–51, Banco do Brasil 001023 lines 2–26, MIL), read by the core reader, with the
 * made-here ITR index of the sample (raw/feitos-aqui/cvm/itr_cia_aberta_2025.csv, DT_RECEB chosen, Q1–Q2).
 * The sample has no DFP 2025: the test writes one here (MADE HERE, in CVM's DRE layout) holding only
 * the four annual values the shared MANIFEST cites from the same repository's DFP 2025 fixture
 * (MANIFEST, "Cross-checks done on this addition": WEG 3.01 = 40,804,110, 3.11 = 6,775,958;
 * BB 3.01 = 319,462,104, 3.11 = 16,781,938, MIL), so Q4 = annual − 9M can be checked by hand.
 */
const DFP_FEITO_AQUI = [
  'CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;CD_CVM;GRUPO_DFP;MOEDA;ESCALA_MOEDA;ORDEM_EXERC;DT_INI_EXERC;DT_FIM_EXERC;CD_CONTA;DS_CONTA;VL_CONTA;ST_CONTA_FIXA',
  '00.000.000/0001-91;2025-12-31;1;BCO BRASIL S.A.;001023;DF Consolidado - Demonstração do Resultado;REAL;MIL;ÚLTIMO;2025-01-01;2025-12-31;3.01;Receitas de Intermediação Financeira;319462104.0000000000;S',
  '00.000.000/0001-91;2025-12-31;1;BCO BRASIL S.A.;001023;DF Consolidado - Demonstração do Resultado;REAL;MIL;ÚLTIMO;2025-01-01;2025-12-31;3.11;Lucro ou Prejuízo Líquido Consolidado do Período;16781938.0000000000;S',
  '84.429.695/0001-11;2025-12-31;1;WEG S.A.;005410;DF Consolidado - Demonstração do Resultado;REAL;MIL;ÚLTIMO;2025-01-01;2025-12-31;3.01;Receita de Venda de Bens e/ou Serviços;40804110.0000000000;S',
  '84.429.695/0001-11;2025-12-31;1;WEG S.A.;005410;DF Consolidado - Demonstração do Resultado;REAL;MIL;ÚLTIMO;2025-01-01;2025-12-31;3.11;Lucro/Prejuízo Consolidado do Período;6775958.0000000000;S',
];
const INDICE_DFP_FEITO_AQUI = [
  'CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;CD_CVM;CATEG_DOC;ID_DOC;DT_RECEB;LINK_DOC',
  '00.000.000/0001-91;2025-12-31;1;BCO BRASIL S.A.;001023;DFP;900000201;2026-02-20;',
  '84.429.695/0001-11;2025-12-31;1;WEG S.A.;005410;DFP;900000211;2026-02-25;',
];

let dir: string;
let fatos: Record<string, unknown>[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trimestres-real-'));
  const raw = join(dir, 'raw');
  await mkdir(join(raw, 'cvm', 'itr'), { recursive: true });
  await mkdir(join(raw, 'feitos-aqui'), { recursive: true });
  await copyFile(
    join(AMOSTRA_RAW, 'cvm', 'itr', 'itr_cia_aberta_DRE_con_2025.csv'),
    join(raw, 'cvm', 'itr', 'itr_cia_aberta_DRE_con_2025.csv'),
  );
  await copyFile(
    join(AMOSTRA_RAW, 'feitos-aqui', 'cvm', 'itr_cia_aberta_2025.csv'),
    join(raw, 'feitos-aqui', 'itr_cia_aberta_2025.csv'),
  );
  await writeFile(
    join(raw, 'feitos-aqui', 'dfp_cia_aberta_DRE_con_2025.csv'),
    Buffer.from(`${DFP_FEITO_AQUI.join('\n')}\n`, 'latin1'),
  );
  await writeFile(
    join(raw, 'feitos-aqui', 'dfp_cia_aberta_2025.csv'),
    Buffer.from(`${INDICE_DFP_FEITO_AQUI.join('\n')}\n`, 'latin1'),
  );
  const saida = join(dir, 'fatos_trimestrais.parquet');
  const exportar: Stage = {
    name: 'exportar_para_o_teste',
    async run(ctx) {
      await ctx.db.run(`COPY mart_fatos_trimestrais TO '${saida}' (FORMAT PARQUET)`);
      return [];
    },
  };
  await build({
    raw,
    out: join(dir, 'out'),
    label: 'trimestres',
    stages: [fatosStage, trimestresStage, exportar],
  });
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  fatos = (
    await db.runAndReadAll(`SELECT cd_regulator, ano, trimestre, cd_conta, valor, acumulado, flag, origem,
      CAST(dt_receb AS VARCHAR) AS dt_receb, arquivo || ':' || linha AS fonte FROM '${saida}'
      ORDER BY cd_regulator, trimestre, cd_conta`)
  ).getRowObjectsJson();
  db.closeSync();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const um = (cd: number, trimestre: number, conta: string) =>
  fatos.find((f) => f.cd_regulator === cd && f.trimestre === trimestre && f.cd_conta === conta);

describe('quarterly facts from the real 2025 ITR rows of WEG and Banco do Brasil', () => {
  it('keeps the 3-month and year-to-date blocks as filed, in reais, with their source line', () => {
    // line 27: Q1 3.01 = 10078571 (the Q1 block is both); lines 32–33: H1 YTD 20285798, Q2 3-month 10207227
    expect(um(5410, 1, '3.01')).toMatchObject({
      valor: 10078571000,
      acumulado: 10078571000,
      origem: 'itr_3_meses',
      flag: null,
      dt_receb: '2025-05-15',
      fonte: 'cvm/itr/itr_cia_aberta_DRE_con_2025.csv:27',
    });
    expect(um(5410, 2, '3.01')).toMatchObject({
      valor: 10207227000,
      acumulado: 20285798000,
      flag: null,
      fonte: 'cvm/itr/itr_cia_aberta_DRE_con_2025.csv:33',
    });
    // lines 42–43: 9M YTD 30557320, Q3 3-month 10271522
    expect(um(5410, 3, '3.01')).toMatchObject({
      valor: 10271522000,
      acumulado: 30557320000,
      flag: null,
      dt_receb: null, // the sample's index has no Q3 row
    });
    // lines 50–51: EPS 3.99.01.01 is in reais although ESCALA_MOEDA says MIL: 1.14128 YTD, 0.39337 in Q3
    expect(um(5410, 3, '3.99.01.01')).toMatchObject({ valor: 0.39337, acumulado: 1.14128 });
  });

  it('derives Q4 = DFP annual − 9M YTD (the MANIFEST figures): WEG revenue 10,246,790 thousand', () => {
    expect(um(5410, 4, '3.01')).toMatchObject({
      valor: (40804110 - 30557320) * 1000,
      acumulado: 40804110000,
      origem: 'dfp_menos_itr_3t',
      flag: null,
      dt_receb: '2026-02-25',
    });
    // WEG 3.11: 6775958 − 5074596 (line 44); BB 3.01: 319462104 − 234019636 (line 17); BB 3.11: 16781938 − 10766859 (line 19)
    expect(um(5410, 4, '3.11')?.valor).toBe(1701362000);
    expect(um(1023, 4, '3.01')?.valor).toBe(85442468000);
    expect(um(1023, 4, '3.11')?.valor).toBe(6015079000);
  });

  it('no block of these filings is flagged: the real rows reconcile exactly (MANIFEST cross-check)', () => {
    expect(fatos.filter((f) => f.flag !== null)).toEqual([]);
    // 2 companies × (Q1: 5 accounts, Q2: 5, Q3: 5) + Q4 of 3.01 and 3.11 for both
    expect(fatos.length).toBe(2 * 15 + 4);
  });
});
