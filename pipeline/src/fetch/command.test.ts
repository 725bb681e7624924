import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFetchCommand } from './command.ts';
import { DOWNLOAD_LOG_NAME, type DownloadLogEntry, readDownloadLog } from './download-log.ts';
import type { DownloadableSource } from './plan.ts';
import {
  type Behaviour,
  type MisbehavingServer,
  startMisbehavingServer,
} from './testing/misbehaving-server.ts';

const sample = (rel: string) => fileURLToPath(new URL(`../../../data/sample/raw/${rel}`, import.meta.url));
// Real files from data/sample/raw served by the local server.
const CAD = sample('cvm/cad/cad_cia_aberta.csv');
const FCA_2018 = sample('cvm/fca/fca_cia_aberta_valor_mobiliario_2018.csv');
const FCA_2019 = sample('cvm/fca/fca_cia_aberta_valor_mobiliario_2019.csv');
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

// Source specs made here for the tests: the CAD URL is CVM's real one; the FCA pattern points at
// the CSV member names of the sample (CVM publishes them inside fca_cia_aberta_{YYYY}.zip).
const SOURCES: DownloadableSource[] = [
  { id: 'cad', url: 'https://dados.cvm.gov.br/dados/CIA_ABERTA/CAD/DADOS/cad_cia_aberta.csv' },
  {
    id: 'fca_vm',
    url: 'https://dados.cvm.gov.br/dados/CIA_ABERTA/DOC/FCA/DADOS/fca_cia_aberta_valor_mobiliario_{YYYY}.csv',
  },
];
const CAD_PATH = '/dados/CIA_ABERTA/CAD/DADOS/cad_cia_aberta.csv';
const fcaPath = (y: string) => `/dados/CIA_ABERTA/DOC/FCA/DADOS/fca_cia_aberta_valor_mobiliario_${y}.csv`;

let server: MisbehavingServer;
let raw: string;
let waits: number[];
let out: string[];
let err: string[];

beforeEach(async () => {
  server = await startMisbehavingServer();
  raw = await mkdtemp(join(tmpdir(), 'fetch-test-'));
  waits = [];
  out = [];
  err = [];
});
afterEach(async () => {
  await server.close();
  await rm(raw, { recursive: true, force: true });
});

async function fetchCmd(extra: string[], policy: { maxAttempts?: number; idleTimeoutMs?: number } = {}) {
  return runFetchCommand(['--raw', raw, '--espelho', server.origin, ...extra], {
    sources: SOURCES,
    policy: { backoffBaseMs: 5, backoffMaxMs: 20, idleTimeoutMs: policy.idleTimeoutMs ?? 2_000, ...policy },
    // Waits are recorded, not slept: the test checks what the policy asked for without timing anything.
    sleep: async (ms) => {
      waits.push(ms);
    },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
}

const cad = (script: Behaviour[] = []) => server.route(CAD_PATH, CAD, script);
const log = (): Promise<DownloadLogEntry[]> => readDownloadLog(raw);
const cadFile = () => join(raw, 'cad', 'cad_cia_aberta.csv');

describe('pnpm pipeline fetch', () => {
  it('expands {YYYY} for each year, downloads through the mirror and logs one line per file', async () => {
    server.route(fcaPath('2018'), FCA_2018);
    server.route(fcaPath('2019'), FCA_2019);
    expect(await fetchCmd(['--source', 'fca_vm', '--anos', '2018,2019'])).toBe(0);
    expect(sha(join(raw, 'fca_vm', 'fca_cia_aberta_valor_mobiliario_2018.csv'))).toBe(sha(FCA_2018));
    expect(sha(join(raw, 'fca_vm', 'fca_cia_aberta_valor_mobiliario_2019.csv'))).toBe(sha(FCA_2019));
    // Both files download at once, so the log order is the completion order: sort by path.
    const entries = (await log()).sort((a, b) => a.path.localeCompare(b.path));
    expect(entries.map((e) => [e.path, e.outcome, e.http_status])).toEqual([
      ['fca_vm/fca_cia_aberta_valor_mobiliario_2018.csv', 'downloaded', 200],
      ['fca_vm/fca_cia_aberta_valor_mobiliario_2019.csv', 'downloaded', 200],
    ]);
    expect(entries[0]!.url_origem).toBe(
      'https://dados.cvm.gov.br/dados/CIA_ABERTA/DOC/FCA/DADOS/fca_cia_aberta_valor_mobiliario_2018.csv',
    );
    expect(entries[0]!.url).toBe(`${server.origin}${fcaPath('2018')}`);
    expect(entries[0]!.sha256).toBe(sha(FCA_2018));
    expect(entries[0]!.bytes).toBe(statSync(FCA_2018).size);
    expect(existsSync(join(raw, 'fca_vm', 'fca_cia_aberta_valor_mobiliario_2018.csv.part'))).toBe(false);
  });

  it('retries a 500 with backoff and then succeeds', async () => {
    cad(['error500']);
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    const entries = await log();
    expect(entries.map((e) => [e.attempt, e.http_status, e.outcome, e.will_retry])).toEqual([
      [1, 500, 'failed', true],
      [2, 200, 'downloaded', false],
    ]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThanOrEqual(5);
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('honours Retry-After on a 503', async () => {
    cad(['retry_after']);
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    expect(waits).toEqual([1000]);
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('gives up after the last attempt and leaves nothing in place', async () => {
    cad(['error500', 'error500', 'error500']);
    expect(await fetchCmd(['--source', 'cad', '--tentativas', '3'])).toBe(1);
    expect((await log()).map((e) => [e.outcome, e.will_retry])).toEqual([
      ['failed', true],
      ['failed', true],
      ['failed', false],
    ]);
    expect(existsSync(cadFile())).toBe(false);
    expect(err.some((l) => l.includes('HTTP 500'))).toBe(true);
  });

  it('reports a 404 as not published, without retrying', async () => {
    server.route(fcaPath('2018'), FCA_2018);
    expect(await fetchCmd(['--source', 'fca_vm', '--anos', '2018,2030'])).toBe(0);
    expect(server.requests.filter((r) => r.path === fcaPath('2030'))).toHaveLength(1);
    const entries = await log();
    expect(entries.find((e) => e.path.endsWith('2030.csv'))?.outcome).toBe('not_found');
    expect(out.some((l) => l.startsWith('not published (404)') && l.includes('2030'))).toBe(true);
  });

  it('never renames a truncated body into place, and resumes the .part with Range on the next run', async () => {
    cad(['truncate']);
    expect(await fetchCmd(['--source', 'cad', '--tentativas', '1'])).toBe(1);
    expect(existsSync(cadFile())).toBe(false);
    const partSize = statSync(`${cadFile()}.part`).size;
    expect(partSize).toBeGreaterThan(0);
    expect(partSize).toBeLessThan(statSync(CAD).size);
    expect((await log())[0]).toMatchObject({ outcome: 'failed', http_status: 200, sha256: null });
    expect(existsSync(`${cadFile()}.part.json`)).toBe(true);

    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    const resumed = server.requests.at(-1)!;
    expect(resumed.headers.range).toBe(`bytes=${partSize}-`);
    expect(resumed.headers['if-range']).toMatch(/^"[0-9a-f]{16}"$/);
    expect((await log()).at(-1)).toMatchObject({
      outcome: 'downloaded',
      http_status: 206,
      resumed_from: partSize,
    });
    expect(sha(cadFile())).toBe(sha(CAD));
    expect(existsSync(`${cadFile()}.part`)).toBe(false);
  });

  it('retries a truncated body within the same run', async () => {
    cad(['truncate']);
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    const entries = await log();
    expect(entries.map((e) => e.outcome)).toEqual(['failed', 'downloaded']);
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('lets a slow body finish when bytes keep coming', async () => {
    // 12 chunks 100 ms apart: 1.1 s in all, more than the 800 ms idle timeout (which leaves room for a
    // loaded machine between chunks).
    cad(['slow']);
    expect(await fetchCmd(['--source', 'cad'], { idleTimeoutMs: 800 })).toBe(0);
    expect((await log()).map((e) => e.outcome)).toEqual(['downloaded']);
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('fails a stalled body after the idle timeout and recovers by resuming', async () => {
    cad(['stall']);
    expect(await fetchCmd(['--source', 'cad'], { idleTimeoutMs: 800 })).toBe(0);
    const entries = await log();
    expect(entries[0]).toMatchObject({ outcome: 'failed', will_retry: true });
    expect(entries[0]!.error).toContain('no data received for 800 ms');
    expect(entries[1]).toMatchObject({ outcome: 'downloaded', http_status: 206 });
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('sends If-None-Match / If-Modified-Since from the log and keeps the file on 304', async () => {
    cad();
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    const first = (await log())[0]!;
    const mtime = statSync(cadFile()).mtimeMs;
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    const req = server.requests.at(-1)!;
    expect(req.headers['if-none-match']).toBe(first.etag);
    expect(req.headers['if-modified-since']).toBe(first.last_modified);
    expect((await log())[1]).toMatchObject({ outcome: 'not_modified', http_status: 304, sha256: sha(CAD) });
    expect(statSync(cadFile()).mtimeMs).toBe(mtime);
  });

  it('sends no conditional headers when the local file differs from the logged one', async () => {
    cad();
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    writeFileSync(cadFile(), 'edited by hand');
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeUndefined();
    expect((await log())[1]).toMatchObject({ outcome: 'changed', sha256: sha(CAD) });
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('replaces a file whose content changed and logs both hashes', async () => {
    server.route(fcaPath('2019'), FCA_2018);
    expect(await fetchCmd(['--source', 'fca_vm', '--anos', '2019'])).toBe(0);
    // The publisher replaces the file in place: new content, new ETag.
    server.route(fcaPath('2019'), FCA_2019);
    expect(await fetchCmd(['--source', 'fca_vm', '--anos', '2019'])).toBe(0);
    const last = (await log()).at(-1)!;
    expect(last).toMatchObject({ outcome: 'changed', previous_sha256: sha(FCA_2018), sha256: sha(FCA_2019) });
    expect(sha(join(raw, 'fca_vm', 'fca_cia_aberta_valor_mobiliario_2019.csv'))).toBe(sha(FCA_2019));
  });

  it('restarts from zero when the server ignores the Range', async () => {
    cad(['truncate', 'ignore_range']);
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    expect(server.requests[1]!.headers.range).toMatch(/^bytes=\d+-$/);
    expect((await log()).map((e) => [e.http_status, e.outcome, e.resumed_from])).toEqual([
      [200, 'failed', null],
      [200, 'downloaded', null],
    ]);
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('restarts from zero when a 206 does not start where the .part ends', async () => {
    cad(['truncate', 'bad_range']);
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    const entries = await log();
    expect(entries.map((e) => [e.http_status, e.outcome])).toEqual([
      [200, 'failed'],
      [206, 'failed'],
      [200, 'downloaded'],
    ]);
    expect(entries[1]!.error).toContain('restarting from zero');
    expect(server.requests[2]!.headers.range).toBeUndefined();
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('resumes a .part left by a killed run, from the validators in its sidecar', async () => {
    // A kill leaves no log line: only the .part and the .part.json written before the first byte.
    cad();
    await mkdir(join(raw, 'cad'), { recursive: true });
    writeFileSync(`${cadFile()}.part`, readFileSync(CAD).subarray(0, 1000));
    const meta = { url: `${server.origin}${CAD_PATH}`, etag: server.etag(CAD_PATH), last_modified: null };
    writeFileSync(`${cadFile()}.part.json`, JSON.stringify(meta));
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    expect(server.requests[0]!.headers.range).toBe('bytes=1000-');
    expect(server.requests[0]!.headers['if-range']).toBe(meta.etag);
    expect((await log())[0]).toMatchObject({ outcome: 'downloaded', http_status: 206, resumed_from: 1000 });
    expect(sha(cadFile())).toBe(sha(CAD));
    expect(existsSync(`${cadFile()}.part.json`)).toBe(false);
  });

  it('discards a .part whose origin is unknown (no sidecar)', async () => {
    await mkdir(join(raw, 'cad'), { recursive: true });
    writeFileSync(`${cadFile()}.part`, readFileSync(CAD).subarray(0, 1000));
    cad();
    expect(await fetchCmd(['--source', 'cad'])).toBe(0);
    expect(server.requests[0]!.headers.range).toBeUndefined();
    expect(sha(cadFile())).toBe(sha(CAD));
  });

  it('keeps at most --concorrencia transfers in flight', async () => {
    for (const y of ['2018', '2019', '2020', '2021']) {
      server.route(fcaPath(y), sample(`cvm/fca/fca_cia_aberta_valor_mobiliario_${y}.csv`), ['slow']);
    }
    expect(
      await fetchCmd(['--source', 'fca_vm', '--anos', '2018,2019,2020,2021', '--concorrencia', '2']),
    ).toBe(0);
    expect(server.maxInFlight()).toBe(2);
    expect((await log()).filter((e) => e.outcome === 'downloaded')).toHaveLength(4);
  });

  it('follows redirects and fails a redirect loop without retrying', async () => {
    server.redirect(fcaPath('2018'), fcaPath('2019'));
    server.route(fcaPath('2019'), FCA_2019);
    expect(await fetchCmd(['--source', 'fca_vm', '--anos', '2018'])).toBe(0);
    // The file keeps the name asked for; its bytes are what the redirect target served.
    expect(sha(join(raw, 'fca_vm', 'fca_cia_aberta_valor_mobiliario_2018.csv'))).toBe(sha(FCA_2019));

    server.redirect(CAD_PATH, CAD_PATH);
    expect(await fetchCmd(['--source', 'cad'])).toBe(1);
    const last = (await log()).at(-1)!;
    expect(last).toMatchObject({ outcome: 'failed', will_retry: false, http_status: null, attempt: 1 });
    expect(last.error).toContain('more than 5 redirects');
  });

  it('refuses bad usage with exit code 2, naming the option', async () => {
    expect(await fetchCmd(['--source', 'fca_vm', '--anos', '2024,24'])).toBe(2);
    expect(err[0]).toBe('fetch: --anos: expected a year YYYY between 1980 and 2099 (got "24")');
    expect(await fetchCmd(['--source', 'fca_vm'])).toBe(2);
    expect(err).toContain('fetch: source "fca_vm" needs --anos (its URL has {YYYY})');
    expect(existsSync(join(raw, DOWNLOAD_LOG_NAME))).toBe(false);
  });
});
