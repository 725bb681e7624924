import { describe, expect, it } from 'vitest';
import { stageDelimited } from '../../readers/delimited.ts';
import { inputErrorOf as erro } from '../../test-support/input-error.ts';
import { freshDb, recordingReporter, rows, tmpFile } from '../b3/test-helpers.ts';
import { cadFiHistTaxaAdmSpec } from './cad-fi-hist.ts';
import { cdaPlSpec } from './cda.ts';
import { infDiarioSpec } from './inf-diario.ts';

/**
 * MADE HERE, broken on purpose: the fund readers (daily report, CDA, registry fee history) on files that
 * break their layout. Each answer names the file, the line and the field; a bad value never reaches
 * staging silently.
 */
async function buildDb() {
  const db = await freshDb();
  await db.run(
    'CREATE TABLE _quarantine (source VARCHAR, arquivo VARCHAR, linha BIGINT, campo VARCHAR, valor VARCHAR, motivo VARCHAR)',
  );
  return db;
}

/** Lines of a made-here file (ASCII only, so latin-1 and UTF-8 bytes agree). */
const arquivo = (nome: string, linhas: string[]) => tmpFile(nome, `${linhas.join('\n')}\n`);

describe('fund readers on broken files (made here)', () => {
  it('inf_diario_fi with VL_QUOTA renamed: refused at line 1, naming the missing and the unknown column', async () => {
    const path = arquivo('inf_diario_fi_202202.csv', [
      'TP_FUNDO;CNPJ_FUNDO;DT_COMPTC;VL_TOTAL;VL_COTA;VL_PATRIM_LIQ;CAPTC_DIA;RESG_DIA;NR_COTST',
      'FI;99.999.999/0011-63;2022-02-03;4960000000.00;259.0;4960000000.00;0.00;0.00;160300',
    ]);
    const e = await erro(
      stageDelimited(
        await buildDb(),
        infDiarioSpec,
        { path, arquivo: 'inf_diario_fi_202202.csv' },
        recordingReporter(),
      ),
    );
    expect([e.arquivo, e.linha, e.campo, e.encontrado]).toEqual([
      'inf_diario_fi_202202.csv',
      1,
      'VL_QUOTA',
      'VL_COTA',
    ]);
    expect(e.message).toContain('inf_diario_fi_202202.csv, line 1, field VL_QUOTA');
  });

  it('cda_fi_PL with a net asset value that is not a number: the row is quarantined with file, line and field', async () => {
    const db = await buildDb();
    const path = arquivo('cda_fi_PL_202201.csv', [
      'TP_FUNDO_CLASSE;CNPJ_FUNDO_CLASSE;DENOM_SOCIAL;DT_COMPTC;VL_PATRIM_LIQ',
      'FI;99.999.999/0011-63;ISHARES S&P 500 FDO INV COTAS FDO INDICE;2022-01-31;1000000000.00',
      'FI;99.999.999/0012-44;IT NOW S&P500 TRN FUNDO DE INDICE;2022-01-31;mil',
    ]);
    const r = await stageDelimited(
      db,
      cdaPlSpec,
      { path, arquivo: 'cda_fi_PL_202201.csv' },
      recordingReporter(),
    );
    expect(r.rows).toBe(1);
    expect(await rows(db, 'SELECT arquivo, linha, campo, valor FROM _quarantine')).toEqual([
      { arquivo: 'cda_fi_PL_202201.csv', linha: 3n, campo: 'VL_PATRIM_LIQ', valor: 'mil' },
    ]);
    expect(await rows(db, 'SELECT cnpj_fundo_classe FROM stg_cvm_cda_pl')).toEqual([
      { cnpj_fundo_classe: '99.999.999/0011-63' },
    ]);
  });

  it('cad_fi_hist_taxa_adm with a date that is not a date: quarantined with file, line and field', async () => {
    const db = await buildDb();
    const path = arquivo('cad_fi_hist_taxa_adm.csv', [
      'CNPJ_FUNDO;DT_REG;TAXA_ADM;INF_TAXA_ADM;DT_INI_TAXA_ADM',
      '99.999.999/0011-63;2014-10-15;0.3;;2014-10-15',
      '99.999.999/0011-63;2014-10-15;0.23;;31/06/2019',
    ]);
    await stageDelimited(
      db,
      cadFiHistTaxaAdmSpec,
      { path, arquivo: 'cad_fi_hist_taxa_adm.csv' },
      recordingReporter(),
    );
    expect(await rows(db, 'SELECT arquivo, linha, campo, valor FROM _quarantine')).toEqual([
      { arquivo: 'cad_fi_hist_taxa_adm.csv', linha: 3n, campo: 'DT_INI_TAXA_ADM', valor: '31/06/2019' },
    ]);
  });

  it('cad_fi_hist_taxa_adm with a short line: refused, naming the file and the line', async () => {
    const path = arquivo('cad_fi_hist_taxa_adm.csv', [
      'CNPJ_FUNDO;DT_REG;TAXA_ADM;INF_TAXA_ADM;DT_INI_TAXA_ADM',
      '99.999.999/0011-63;2014-10-15;0.3;;2014-10-15',
      '99.999.999/0011-63;2014-10-15;0.23',
    ]);
    const e = await erro(
      stageDelimited(
        await buildDb(),
        cadFiHistTaxaAdmSpec,
        { path, arquivo: 'cad_fi_hist_taxa_adm.csv' },
        recordingReporter(),
      ),
    );
    expect(e.arquivo).toBe('cad_fi_hist_taxa_adm.csv');
    expect(e.linha).toBe(3);
  });
});
