import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sha256DoArquivo } from '../core/partes-do-arquivo.ts';
import type { DownloadLogEntry, DownloadLogWriter, DownloadOutcome } from './download-log.ts';
import { type HttpAnswer, httpGet, TooManyRedirectsError } from './http-get.ts';
import { type PartMeta, readPartMeta, removePart, writePartMeta } from './part-meta.ts';
import type { PlannedDownload } from './plan.ts';

export interface RetryPolicy {
  /** Attempts per file, the first included. */
  maxAttempts: number;
  /** Delay before the 2nd attempt; doubles each time, capped by `backoffMaxMs`, with jitter. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A server's Retry-After is honoured up to this much. */
  maxRetryAfterMs: number;
  idleTimeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
  maxRetryAfterMs: 300_000,
  idleTimeoutMs: 60_000,
  maxRedirects: 5,
};

export interface DownloadContext {
  rawDir: string;
  policy: RetryPolicy;
  log: DownloadLogWriter;
  /** Injected so tests can record the waits instead of sleeping them. */
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  onBytes?: (n: number) => void;
}

export interface DownloadResult {
  item: PlannedDownload;
  outcome: DownloadOutcome;
  /** Every log line written for this file in this run, in order. */
  entries: DownloadLogEntry[];
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** sha256 of a file, or null when there is none. */
export async function sha256File(path: string): Promise<string | null> {
  try {
    return await sha256DoArquivo(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
}

/** Equal jitter: half the exponential delay is fixed, half random, so retries of many files spread out. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const exp = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** (attempt - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const v = headers[name];
  if (v === undefined) return null;
  return Array.isArray(v) ? (v[0] ?? null) : v;
}

/** `Content-Range: bytes start-end/total` → start and length, or null when malformed. */
export function parseContentRange(value: string | null): { start: number; end: number } | null {
  const m = value?.match(/^bytes (\d+)-(\d+)\/(\d+|\*)$/);
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]);
  if (end < start || (m[3] !== '*' && Number(m[3]) <= end)) return null;
  return { start, end };
}

type Attempt =
  | { kind: 'done'; entry: DownloadLogEntry }
  /** `delayMs` null = the usual backoff; a number = a server-given or immediate wait. */
  | { kind: 'retry'; entry: DownloadLogEntry; delayMs: number | null };

/**
 * Downloads one file into `<raw>/<source>/<name>` through `<name>.part`, one log line per attempt.
 * Never throws for HTTP or network trouble: the outcome says what happened.
 */
export async function downloadFile(
  item: PlannedDownload,
  /** Last log line that left this URL's file complete, if any. */
  last: DownloadLogEntry | null,
  ctx: DownloadContext,
): Promise<DownloadResult> {
  const dest = join(ctx.rawDir, item.relPath);
  const part = `${dest}.part`;
  await mkdir(dirname(dest), { recursive: true });
  const previousSha = await sha256File(dest);
  // Conditional headers only vouch for the file we have if it is the one the log describes.
  const conditional = previousSha !== null && last !== null && last.sha256 === previousSha ? last : null;
  const entries: DownloadLogEntry[] = [];

  for (let attempt = 1; ; attempt++) {
    const canRetry = attempt < ctx.policy.maxAttempts;
    const result = await attemptOnce({
      item,
      dest,
      part,
      attempt,
      canRetry,
      previousSha,
      conditional,
      ctx,
    });
    await ctx.log.append(result.entry);
    entries.push(result.entry);
    const e = result.entry;
    if (result.kind === 'done') return { item, outcome: e.outcome, entries };
    await ctx.sleep(result.delayMs ?? backoffDelay(attempt, ctx.policy, ctx.random));
  }
}

interface AttemptInput {
  item: PlannedDownload;
  dest: string;
  part: string;
  attempt: number;
  canRetry: boolean;
  previousSha: string | null;
  conditional: DownloadLogEntry | null;
  ctx: DownloadContext;
}

/** If-Range needs a strong validator: a weak ETag cannot vouch for byte ranges. */
function ifRangeValue(v: PartMeta | null): string | null {
  if (v === null) return null;
  if (v.etag && !v.etag.startsWith('W/')) return v.etag;
  return v.last_modified;
}

async function attemptOnce(a: AttemptInput): Promise<Attempt> {
  const { item, ctx } = a;
  const started_at = new Date().toISOString();
  const base = {
    url: item.url,
    url_origem: item.url_origem,
    source: item.source,
    path: item.relPath,
    attempt: a.attempt,
    started_at,
  };
  const entry = (
    fields: Partial<DownloadLogEntry> & Pick<DownloadLogEntry, 'outcome' | 'http_status'>,
  ): DownloadLogEntry => ({
    ...base,
    finished_at: new Date().toISOString(),
    bytes: 0,
    sha256: null,
    previous_sha256: a.previousSha,
    etag: null,
    last_modified: null,
    resumed_from: null,
    will_retry: false,
    error: null,
    ...fields,
  });
  const fail = (
    fields: Partial<DownloadLogEntry> & Pick<DownloadLogEntry, 'http_status' | 'error'>,
    retryable: boolean,
    delayMs: number | null = null,
  ): Attempt => {
    const will_retry = retryable && a.canRetry;
    const e = entry({ ...fields, outcome: 'failed', will_retry, sha256: a.previousSha });
    return will_retry ? { kind: 'retry', entry: e, delayMs } : { kind: 'done', entry: e };
  };

  const headers: Record<string, string> = {};
  if (a.conditional?.etag) headers['if-none-match'] = a.conditional.etag;
  if (a.conditional?.last_modified) headers['if-modified-since'] = a.conditional.last_modified;

  // Resume only bytes whose origin we can name: without a validator the server cannot tell us the
  // resource changed under the `.part`, and a spliced file would be silently wrong.
  let partSize = await sizeOf(a.part);
  const meta = await readPartMeta(a.part);
  const ifRange = meta !== null && meta.url === item.url ? ifRangeValue(meta) : null;
  if (partSize > 0 && ifRange === null) {
    await removePart(a.part);
    partSize = 0;
  }
  if (partSize > 0 && ifRange !== null) {
    headers.range = `bytes=${partSize}-`;
    headers['if-range'] = ifRange;
  }

  let answer: HttpAnswer;
  try {
    answer = await httpGet(item.url, headers, {
      idleTimeoutMs: ctx.policy.idleTimeoutMs,
      maxRedirects: ctx.policy.maxRedirects,
    });
  } catch (err) {
    return fail(
      { http_status: null, error: (err as Error).message },
      !(err instanceof TooManyRedirectsError),
    );
  }
  const { status, body } = answer;
  const validators = {
    etag: header(answer.headers, 'etag'),
    last_modified: header(answer.headers, 'last-modified'),
  };
  const answered = { http_status: status };

  if (status === 304) {
    body.resume();
    if (a.previousSha === null || a.conditional === null) {
      return fail({ ...answered, error: '304 Not Modified without a local file to keep' }, false);
    }
    await removePart(a.part);
    return {
      kind: 'done',
      entry: entry({
        ...answered,
        outcome: 'not_modified',
        bytes: await sizeOf(a.dest),
        sha256: a.previousSha,
        etag: validators.etag ?? a.conditional.etag,
        last_modified: validators.last_modified ?? a.conditional.last_modified,
      }),
    };
  }
  if (status === 404 || status === 410) {
    body.resume();
    return { kind: 'done', entry: entry({ ...answered, outcome: 'not_found', sha256: a.previousSha }) };
  }
  if (status === 416 && headers.range) {
    body.resume();
    await removePart(a.part);
    return fail(
      { ...answered, error: `range ${headers.range} not satisfiable; restarting from zero` },
      true,
      0,
    );
  }
  if (status === 429 || status >= 500) {
    body.resume();
    const after = parseRetryAfter(header(answer.headers, 'retry-after') ?? undefined, Date.now());
    const delay = after === null ? null : Math.min(after, ctx.policy.maxRetryAfterMs);
    return fail({ ...answered, error: `HTTP ${status}` }, true, delay);
  }
  if (status !== 200 && status !== 206) {
    body.resume();
    return fail({ ...answered, error: `HTTP ${status}` }, false);
  }

  let resumed_from: number | null = null;
  if (status === 206) {
    const range = parseContentRange(header(answer.headers, 'content-range'));
    if (!headers.range || range === null || range.start !== partSize) {
      body.destroy();
      await removePart(a.part);
      const got = header(answer.headers, 'content-range') ?? 'none';
      return fail(
        {
          ...answered,
          error: `206 with Content-Range ${got} for a .part of ${partSize} bytes; restarting from zero`,
        },
        true,
        0,
      );
    }
    resumed_from = partSize;
  }

  if (resumed_from === null) await writePartMeta(a.part, { url: item.url, ...validators });
  const declared = header(answer.headers, 'content-length');
  const expected = declared !== null && /^\d+$/.test(declared) ? Number(declared) : null;
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      received += chunk.length;
      ctx.onBytes?.(chunk.length);
      cb(null, chunk);
    },
  });
  try {
    // A 200 answers the whole resource, even when a Range was asked: the .part starts over.
    await pipeline(
      body,
      counter,
      createWriteStream(a.part, { flags: resumed_from === null ? 'w' : 'a', flush: true }),
    );
  } catch (err) {
    return fail(
      { ...answered, ...validators, resumed_from, bytes: received, error: (err as Error).message },
      true,
    );
  }
  if (!body.complete || (expected !== null && received !== expected)) {
    const want = expected === null ? 'the announced length' : `${expected}`;
    return fail(
      {
        ...answered,
        ...validators,
        resumed_from,
        bytes: received,
        error: `truncated body: ${received} of ${want} bytes`,
      },
      true,
    );
  }

  const sha256 = (await sha256File(a.part))!;
  const bytes = await sizeOf(a.part);
  // rename() within one directory is atomic: readers see the old file or the new one, never a mix.
  await rename(a.part, a.dest);
  await removePart(a.part);
  const outcome: DownloadOutcome =
    a.previousSha !== null && a.previousSha !== sha256 ? 'changed' : 'downloaded';
  return { kind: 'done', entry: entry({ ...answered, ...validators, outcome, bytes, sha256, resumed_from }) };
}
