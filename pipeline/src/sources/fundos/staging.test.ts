import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageDelimited } from '../../readers/delimited.ts';
import { freshDb, one, recordingReporter, rows, samplePath } from '../b3/test-helpers.ts';
import { cdaBlocoSpec, cdaPlSpec } from './cda.ts';
import { fiiMensalAtivoPassivoSpec, fiiMensalComplementoSpec, fiiMensalGeralSpec } from './fii-mensal.ts';
import { fiiTrimestralGeralSpec, fiiTrimestralImovelSpec } from './fii-trimestral.ts';
import { infDiarioSpec } from './inf-diario.ts';
import { cadFiSpec, registroClasseSpec, registroFundoSpec, registroSubclasseSpec } from './registro.ts';

/** A build's connection: the core creates `_quarantine` before staging. */
async function buildDb() {
  const db = await freshDb();
  await db.run(
    'CREATE TABLE _quarantine (source VARCHAR, arquivo VARCHAR, linha BIGINT, campo VARCHAR, valor VARCHAR, motivo VARCHAR)',
  );
  return db;
}

/** Data lines of a file, counted in JavaScript independently of the reader. */
function dataLines(path: string): number {
  return (
    readFileSync(path, 'latin1')
      .split('\n')
      .filter((l) => l.trim() !== '').length - 1
  );
}

describe('fund specs staged by the delimited reader', () => {
  it('stages the real 2021 FII monthly report, the three members row for row', async () => {
    const db = await buildDb();
    const staged = [];
    for (const spec of [fiiMensalGeralSpec, fiiMensalComplementoSpec, fiiMensalAtivoPassivoSpec]) {
      const path = samplePath(
        `raw/cvm/fii/${spec.id.replace('cvm_fii_mensal_', 'inf_mensal_fii_')}_2021.csv`,
      );
      const s = await stageDelimited(db, spec, { path, arquivo: basename(path) }, recordingReporter());
      expect(s.rows + s.quarantined).toBe(dataLines(path));
      staged.push(s);
    }
    // MANIFEST: each 2021 member has 7553 data rows; nothing in them fails its type.
    expect(staged.map((s) => [s.rows, s.quarantined])).toEqual([
      [7553, 0],
      [7553, 0],
      [7553, 0],
    ]);
    // MANIFEST: fund 00.332.266/0001-31, ISIN BRFVPQCTF015, 2,800,149 quotas (inf_mensal_fii_geral_2021.csv line 2).
    const jan = await one(
      db,
      `SELECT codigo_isin, quantidade_cotas_emitidas::VARCHAR AS cotas, data_entrega::VARCHAR AS entrega, segmento_atuacao, tipo_fundo_classe
       FROM stg_cvm_fii_mensal_geral WHERE cnpj_fundo_classe = '00.332.266/0001-31' AND data_referencia = DATE '2021-01-01'`,
    );
    expect(jan).toEqual({
      codigo_isin: 'BRFVPQCTF015',
      cotas: '2800149.0000000000',
      entrega: '2021-02-12',
      segmento_atuacao: 'Shoppings',
      tipo_fundo_classe: null,
    });
    // Exponent-form percentages are read, not quarantined: compare with the text of the file.
    const text = readFileSync(samplePath('raw/cvm/fii/inf_mensal_fii_complemento_2021.csv'), 'latin1');
    const expLines = text.split('\n').filter((l) => /;-?[0-9.]+E-\d+/.test(l)).length;
    expect(expLines).toBeGreaterThan(0);
    const withExp = await one<{ n: bigint }>(
      db,
      'SELECT count(*) AS n FROM stg_cvm_fii_mensal_complemento WHERE abs(percentual_despesas_agente_custodiante) BETWEEN 1e-12 AND 1e-4',
    );
    expect(withExp.n).toBeGreaterThan(0n);
  });

  it('stages the made-here FII quarterly, registry, daily report and CDA fixtures', async () => {
    const db = await buildDb();
    const files: [Parameters<typeof stageDelimited>[1], string][] = [
      [fiiTrimestralGeralSpec, 'inf_trimestral_fii_geral_2024.csv'],
      [fiiTrimestralImovelSpec, 'inf_trimestral_fii_imovel_2024.csv'],
      [cadFiSpec, 'cad_fi.csv'],
      [registroFundoSpec, 'registro_fundo.csv'],
      [registroClasseSpec, 'registro_classe.csv'],
      [registroSubclasseSpec, 'registro_subclasse.csv'],
      [infDiarioSpec, 'inf_diario_fi_202401.csv'],
      [infDiarioSpec, 'inf_diario_fi_202410.csv'],
      [cdaBlocoSpec, 'cda_fi_BLC_4_202409.csv'],
      [cdaPlSpec, 'cda_fi_PL_202409.csv'],
    ];
    const counts: [string, number, number][] = [];
    for (const [spec, name] of files) {
      const s = await stageDelimited(
        db,
        spec,
        { path: samplePath(`raw/feitos-aqui/fundos/${name}`), arquivo: name },
        recordingReporter(),
      );
      counts.push([name, s.rows, s.quarantined]);
    }
    expect(counts).toEqual([
      ['inf_trimestral_fii_geral_2024.csv', 2, 0],
      ['inf_trimestral_fii_imovel_2024.csv', 2, 0],
      ['cad_fi.csv', 2, 0],
      ['registro_fundo.csv', 1, 0],
      ['registro_classe.csv', 1, 0],
      ['registro_subclasse.csv', 1, 0],
      ['inf_diario_fi_202401.csv', 2, 0],
      ['inf_diario_fi_202410.csv', 1, 0],
      ['cda_fi_BLC_4_202409.csv', 2, 0],
      ['cda_fi_PL_202409.csv', 1, 0],
    ]);
    // Made-here values: both daily layouts land in one table; the old one has no subclass.
    const diario = await rows(
      db,
      'SELECT tp_fundo_classe, id_subclasse, dt_comptc::VARCHAR AS d, vl_quota::VARCHAR AS q, _competencia FROM stg_cvm_inf_diario ORDER BY dt_comptc',
    );
    expect(diario).toEqual([
      {
        tp_fundo_classe: 'FI',
        id_subclasse: null,
        d: '2024-01-02',
        q: '10.12345678901200',
        _competencia: '202401',
      },
      {
        tp_fundo_classe: 'FI',
        id_subclasse: null,
        d: '2024-01-03',
        q: '10.13345678901200',
        _competencia: '202401',
      },
      {
        tp_fundo_classe: 'CLASSES - FIF',
        id_subclasse: null,
        d: '2024-10-01',
        q: '12.00000000000000',
        _competencia: '202410',
      },
    ]);
    const blc = await one(
      db,
      "SELECT _bloco, sum(vl_merc_pos_final)::VARCHAR AS v, string_agg(cd_ativo, ',' ORDER BY cd_ativo) AS codigos FROM stg_cvm_cda_blc GROUP BY _bloco",
    );
    expect(blc).toEqual({ _bloco: '4', v: '1500.0000000000', codigos: 'FICT3,FICT4' });
    const imovel = await rows(
      db,
      'SELECT nome_imovel, percentual_vacancia FROM stg_cvm_fii_trimestral_imovel ORDER BY nome_imovel',
    );
    expect(imovel).toEqual([
      { nome_imovel: 'GALPAO FICTICIO A', percentual_vacancia: 0.1 },
      { nome_imovel: 'GALPAO FICTICIO B', percentual_vacancia: 2e-5 },
    ]);
  });
});
