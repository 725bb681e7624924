import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../build.ts';
import { InputError } from '../core/source.ts';
import { type DownloadLogEntry, DownloadLogEntrySchema } from '../fetch/download-log.ts';
import { cvmSources } from '../sources/cvm/index.ts';
import { dataLines, SAMPLE_RAW } from '../test-support/sample.ts';

const root = mkdtempSync(join(tmpdir(), 'downloads-artefact-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const INDEX_2010 = 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv';

/**
 * A raw folder as `fetch` leaves it: one real file (the sample's DFP 2010 index) and a log of two
 * attempts. The log entries are made here (URL, times, validators invented); only the size and sha256
 * are those of the real file.
 */
function rawWithLog(name: string, mutate?: (lines: string[]) => void): string {
  const raw = join(root, name, 'raw');
  mkdirSync(join(raw, 'cvm_dfp_indice'), { recursive: true });
  const dest = join(raw, 'cvm_dfp_indice', 'dfp_cia_aberta_2010.csv');
  copyFileSync(join(SAMPLE_RAW, INDEX_2010), dest);
  const body = readFileSync(dest);
  const base: DownloadLogEntry = {
    url: 'http://127.0.0.1:8080/dados/dfp_cia_aberta_2010.csv',
    url_origem: 'https://dados.cvm.gov.br/dados/dfp_cia_aberta_2010.csv',
    source: 'cvm_dfp_indice',
    path: 'cvm_dfp_indice/dfp_cia_aberta_2010.csv',
    attempt: 1,
    started_at: '2026-11-22T03:00:00.000Z',
    finished_at: '2026-11-22T03:00:01.000Z',
    http_status: null,
    bytes: 0,
    sha256: null,
    previous_sha256: null,
    etag: null,
    last_modified: null,
    resumed_from: null,
    outcome: 'failed',
    will_retry: true,
    error: 'ECONNRESET',
  };
  const ok: DownloadLogEntry = {
    ...base,
    attempt: 2,
    started_at: '2026-11-22T03:00:02.000Z',
    finished_at: '2026-11-22T03:00:03.000Z',
    http_status: 200,
    bytes: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
    etag: '"feito-aqui"',
    outcome: 'downloaded',
    will_retry: false,
    error: null,
  };
  const lines = [base, ok].map((e) => JSON.stringify(DownloadLogEntrySchema.parse(e)));
  mutate?.(lines);
  writeFileSync(join(raw, '_downloads.jsonl'), `${lines.join('\n')}\n`);
  // What an interrupted later run leaves behind.
  writeFileSync(join(raw, 'cvm_dfp_indice', 'dfp_cia_aberta_2011.csv.part'), 'CNPJ_CIA;');
  writeFileSync(join(raw, 'cvm_dfp_indice', 'dfp_cia_aberta_2011.csv.part.json'), '{}');
  writeFileSync(join(raw, 'README.md'), 'made here');
  return raw;
}

describe('download log in a build', () => {
  it('publishes _downloads.jsonl byte for byte as auditoria/downloads.jsonl, rows = lines; bookkeeping files are not listed', async () => {
    const raw = rawWithLog('ok');
    const r = await build({
      raw,
      out: join(root, 'ok', 'out'),
      label: 'log',
      sources: cvmSources,
      stages: [],
    });
    const entry = r.manifest.artefatos.find((a) => a.path === 'auditoria/downloads.jsonl');
    expect(entry).toMatchObject({ format: 'text', rows: 2, schema: ARTEFATOS.downloads.nome });
    const published = readFileSync(join(r.dir, 'auditoria', 'downloads.jsonl'));
    expect(published.equals(readFileSync(join(raw, '_downloads.jsonl')))).toBe(true);
    expect(entry?.sha256).toBe(createHash('sha256').update(published).digest('hex'));
    expect(r.report.nao_reconhecidos).toEqual([]);
    expect(r.report.tabelas.find((t) => t.tabela === 'stg_cvm_doc_indice')?.arquivos).toEqual([
      // Every data line of the real DFP 2010 index stages; the `.part` of 2011 beside it is not read.
      expect.objectContaining({
        arquivo: 'cvm_dfp_indice/dfp_cia_aberta_2010.csv',
        linhas: dataLines(join(SAMPLE_RAW, INDEX_2010)),
        quarentena: 0,
      }),
    ]);
  });

  it('no log in --raw: no artefact', async () => {
    const raw = join(root, 'sem-log', 'raw');
    mkdirSync(raw, { recursive: true });
    copyFileSync(join(SAMPLE_RAW, INDEX_2010), join(raw, 'dfp_cia_aberta_2010.csv'));
    const r = await build({
      raw,
      out: join(root, 'sem-log', 'out'),
      label: 'log',
      sources: cvmSources,
      stages: [],
    });
    expect(r.manifest.artefatos.some((a) => a.path.startsWith('auditoria/'))).toBe(false);
  });

  it('a log line that is not a valid entry fails the build, naming the log, line and field; nothing is published', async () => {
    const raw = rawWithLog('ruim', (lines) => {
      lines[1] = (lines[1] ?? '').replace('"outcome":"downloaded"', '"outcome":"baixado"');
    });
    const out = join(root, 'ruim', 'out');
    const err = await build({ raw, out, label: 'log', sources: cvmSources, stages: [] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InputError);
    expect(err).toMatchObject({
      arquivo: '_downloads.jsonl',
      linha: 2,
      campo: 'outcome',
      encontrado: '"baixado"',
    });
    expect(existsSync(join(out, 'current'))).toBe(false);
  });

  it('a line that is not JSON fails the build on that line', async () => {
    const raw = rawWithLog('nao-json', (lines) => {
      lines.push('{"url":');
    });
    const err = await build({
      raw,
      out: join(root, 'nao-json', 'out'),
      label: 'log',
      sources: cvmSources,
      stages: [],
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'InputError', arquivo: '_downloads.jsonl', linha: 3, campo: null });
  });
});
