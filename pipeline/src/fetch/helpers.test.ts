import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFetchArgs } from './args.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY, parseContentRange, parseRetryAfter } from './download-file.ts';
import { DOWNLOAD_LOG_NAME, lastCompleteByUrl, readDownloadLog } from './download-log.ts';
import { createProgress, progressWanted } from './progress.ts';

describe('retry policy', () => {
  it('doubles the delay per attempt with jitter between half and the full value, capped', () => {
    const p = { ...DEFAULT_RETRY_POLICY, backoffBaseMs: 1000, backoffMaxMs: 5000 };
    expect(backoffDelay(1, p, () => 0)).toBe(500);
    expect(backoffDelay(1, p, () => 0.999999)).toBe(1000);
    expect(backoffDelay(3, p, () => 0)).toBe(2000);
    expect(backoffDelay(10, p, () => 0.999999)).toBe(5000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2024-10-01T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Tue, 01 Oct 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it('accepts only well-formed Content-Range values', () => {
    expect(parseContentRange('bytes 100-199/200')).toEqual({ start: 100, end: 199 });
    expect(parseContentRange('bytes 100-199/*')).toEqual({ start: 100, end: 199 });
    expect(parseContentRange('bytes 100-199/150')).toBeNull();
    expect(parseContentRange('bytes */200')).toBeNull();
    expect(parseContentRange(null)).toBeNull();
  });
});

describe('parseFetchArgs', () => {
  it('splits comma lists, applies defaults and parses --param', () => {
    const a = parseFetchArgs([
      '--raw',
      'r',
      '--source',
      'a,b',
      '--source',
      'c',
      '--anos',
      '2023, 2024',
      '--param',
      'call=X,Y',
    ]);
    expect(a).toEqual({
      raw: 'r',
      sources: ['a', 'b', 'c'],
      periods: { anos: ['2023', '2024'], meses: [], dias: [] },
      params: { call: ['X', 'Y'] },
      concurrency: 4,
      mirror: null,
      maxAttempts: 5,
      dryRun: false,
    });
  });

  it('keeps a JSON --param whole despite its commas', () => {
    const json = '{"issuingCompany":"ABEV","language":"pt-br"}';
    const a = parseFetchArgs([
      '--raw',
      'r',
      '--source',
      'b3_*',
      '--param',
      `BASE64_JSON_PARAMS=${json}`,
      '--simular',
    ]);
    expect(a.params).toEqual({ BASE64_JSON_PARAMS: [json] });
    expect(a.sources).toEqual(['b3_*']);
    expect(a.dryRun).toBe(true);
  });

  it('names the option and the value it refuses', () => {
    expect(() => parseFetchArgs(['--raw', 'r', '--source', 'a', '--dias', '2024-02-30'])).toThrow(
      '--dias: expected a date YYYY-MM-DD (got "2024-02-30")',
    );
    expect(() => parseFetchArgs(['--raw', 'r', '--source', 'a', '--meses', '2024-13'])).toThrow('--meses');
    expect(() => parseFetchArgs(['--source', 'a'])).toThrow('--raw');
    expect(() => parseFetchArgs(['--raw', 'r', '--source', 'a', '--espelho', 'ftp://x'])).toThrow(
      '--espelho',
    );
    expect(() => parseFetchArgs(['--raw', 'r', '--source', 'a', '--concorrencia', '0'])).toThrow(
      '--concorrencia',
    );
    expect(() => parseFetchArgs(['--raw', 'r', '--source', 'a', '--bogus'])).toThrow(
      "Unknown option '--bogus'",
    );
  });
});

describe('download log', () => {
  const line = {
    url: 'http://127.0.0.1:1/x.csv',
    url_origem: 'https://dados.cvm.gov.br/x.csv',
    source: 'cad',
    path: 'cad/x.csv',
    attempt: 1,
    started_at: '2024-10-01T12:00:00.000Z',
    finished_at: '2024-10-01T12:00:01.000Z',
    http_status: 200,
    bytes: 10,
    sha256: 'a'.repeat(64),
    previous_sha256: null,
    etag: '"e1"',
    last_modified: null,
    resumed_from: null,
    outcome: 'downloaded',
    will_retry: false,
    error: null,
  };

  it('names the file, line and field of an invalid line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fetch-log-'));
    try {
      const bad = { ...line, outcome: 'ok' };
      await writeFile(join(dir, DOWNLOAD_LOG_NAME), `${JSON.stringify(line)}\n${JSON.stringify(bad)}\n`);
      await expect(readDownloadLog(dir)).rejects.toThrow(
        `${join(dir, DOWNLOAD_LOG_NAME)}, line 2, field outcome:`,
      );
      await writeFile(join(dir, DOWNLOAD_LOG_NAME), `${JSON.stringify(line)}\n{"url":`);
      await expect(readDownloadLog(dir)).rejects.toThrow(/line 2: not JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps, per URL, the last line that left a complete file', () => {
    const ok = { ...line, outcome: 'downloaded' as const };
    const same = { ...line, outcome: 'not_modified' as const, http_status: 304 };
    const cut = { ...line, outcome: 'failed' as const, http_status: 200 };
    expect(lastCompleteByUrl([ok, same, cut]).get(line.url)).toBe(same);
    expect(lastCompleteByUrl([cut]).size).toBe(0);
  });
});

describe('progress', () => {
  it('draws a bar only on a terminal outside CI', () => {
    expect(progressWanted({ isTTY: true }, {})).toBe(true);
    expect(progressWanted({ isTTY: true }, { CI: 'true' })).toBe(false);
    expect(progressWanted({ isTTY: false }, {})).toBe(false);
    expect(progressWanted({}, {})).toBe(false);
  });

  it('prints one line per file when there is no bar', () => {
    const lines: string[] = [];
    const p = createProgress(1, false, (l) => lines.push(l));
    const item = {
      source: 'cad',
      url_origem: 'https://x/a.csv',
      url: 'https://x/a.csv',
      fileName: 'a.csv',
      relPath: 'cad/a.csv',
    };
    p.fileDone({ item, outcome: 'not_found', entries: [] });
    p.stop();
    expect(lines).toEqual(['not published (404) cad/a.csv <- https://x/a.csv']);
  });
});
