import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFetchCommand } from './command.ts';
import { readDownloadLog } from './download-log.ts';
import { type MisbehavingServer, startMisbehavingServer } from './testing/misbehaving-server.ts';

/**
 * The ETF fund sources of the workflows (nightly: daily report and registries; weekly: CDA and the fee
 * history), exactly as the workflows call them, through the real source registry, against a local server
 * that serves the sample's made-here fund files at CVM's paths.
 */
const F = (nome: string) =>
  fileURLToPath(new URL(`../../../data/sample/raw/feitos-aqui/cvm/fundos-etf/${nome}`, import.meta.url));
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

let server: MisbehavingServer;
let raw: string;
beforeEach(async () => {
  server = await startMisbehavingServer();
  raw = await mkdtemp(join(tmpdir(), 'fetch-fundos-'));
});
afterEach(async () => {
  await server.close();
  await rm(raw, { recursive: true, force: true });
});

const fetchCmd = (args: string[]) =>
  runFetchCommand(['--raw', raw, '--espelho', server.origin, ...args], {
    policy: { backoffBaseMs: 5, backoffMaxMs: 20, idleTimeoutMs: 2_000 },
    sleep: async () => {},
    out: () => {},
    err: () => {},
  });

describe('fund files for the ETFs, fetched through the real registry from local files', () => {
  it('monthly daily reports and CDA zips by --meses, one CDA zip for both CDA sources', async () => {
    server.route('/dados/FI/DOC/INF_DIARIO/DADOS/inf_diario_fi_202201.zip', F('inf_diario_fi_202201.zip'));
    server.route('/dados/FI/DOC/INF_DIARIO/DADOS/inf_diario_fi_202202.zip', F('inf_diario_fi_202202.zip'));
    server.route('/dados/FI/DOC/CDA/DADOS/cda_fi_202201.zip', F('cda_fi_202201.zip'));
    server.route('/dados/FI/DOC/CDA/DADOS/cda_fi_202202.zip', F('cda_fi_202201.zip'), ['not_found']);
    expect(await fetchCmd(['--source', 'cvm_inf_diario', '--meses', '2022-01,2022-02'])).toBe(0);
    // the weekly workflow's call; CVM had not published February's portfolio yet (404: not published)
    expect(await fetchCmd(['--source', 'cvm_cda_blc,cvm_cda_pl', '--meses', '2022-01,2022-02'])).toBe(0);
    expect(sha(join(raw, 'cvm_inf_diario', 'inf_diario_fi_202202.zip'))).toBe(
      sha(F('inf_diario_fi_202202.zip')),
    );
    expect(sha(join(raw, 'cvm_cda_blc', 'cda_fi_202201.zip'))).toBe(sha(F('cda_fi_202201.zip')));
    const log = (await readDownloadLog(raw)).map((e) => [e.path, e.outcome]).sort();
    expect(log).toEqual([
      ['cvm_cda_blc/cda_fi_202201.zip', 'downloaded'],
      ['cvm_cda_blc/cda_fi_202202.zip', 'not_found'],
      ['cvm_inf_diario/inf_diario_fi_202201.zip', 'downloaded'],
      ['cvm_inf_diario/inf_diario_fi_202202.zip', 'downloaded'],
    ]);
  });

  it("the registry's fee history and the legacy registry, files without a period", async () => {
    server.route('/dados/FI/CAD/DADOS/cad_fi_hist.zip', F('cad_fi_hist.zip'));
    server.route('/dados/FI/CAD/DADOS/cad_fi.csv', F('cad_fi.csv'));
    expect(await fetchCmd(['--source', 'cvm_cad_fi_hist_taxa_adm,cvm_cad_fi'])).toBe(0);
    expect(sha(join(raw, 'cvm_cad_fi_hist_taxa_adm', 'cad_fi_hist.zip'))).toBe(sha(F('cad_fi_hist.zip')));
    expect(sha(join(raw, 'cvm_cad_fi', 'cad_fi.csv'))).toBe(sha(F('cad_fi.csv')));
  });
});
