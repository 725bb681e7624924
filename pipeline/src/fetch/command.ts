import { join, resolve } from 'node:path';
import { FETCH_USAGE, FetchUsageError, parseFetchArgs } from './args.ts';
import { downloadAll } from './download-all.ts';
import { DEFAULT_RETRY_POLICY, type DownloadResult, type RetryPolicy } from './download-file.ts';
import { DOWNLOAD_LOG_NAME } from './download-log.ts';
import { type DownloadableSource, planDownloads } from './plan.ts';
import { createProgress, progressWanted } from './progress.ts';
import { loadRegistrySources } from './source-registry.ts';

export interface FetchDeps {
  /** Defaults to the registry in `pipeline/src/sources`. */
  sources?: readonly DownloadableSource[];
  /** Overrides of the retry policy (tests shorten backoff and timeouts). */
  policy?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** Exit codes: 0 all files present (downloaded, unchanged or not published), 1 some failed, 2 bad usage. */
export async function runFetchCommand(args: string[], deps: FetchDeps = {}): Promise<number> {
  const out = deps.out ?? ((l: string) => process.stdout.write(`${l}\n`));
  const err = deps.err ?? ((l: string) => process.stderr.write(`${l}\n`));
  let parsed: ReturnType<typeof parseFetchArgs>;
  try {
    parsed = parseFetchArgs(args);
  } catch (e) {
    if (!(e instanceof FetchUsageError)) throw e;
    err(`fetch: ${e.message}`);
    err(FETCH_USAGE);
    return 2;
  }
  const sources = deps.sources ?? (await loadRegistrySources());
  const plan = planDownloads(sources, parsed.sources, parsed.periods, parsed.params, parsed.mirror);
  if (plan.problems.length > 0) {
    for (const p of plan.problems) err(`fetch: ${p}`);
    return 2;
  }
  for (const w of plan.warnings) err(`fetch: warning: ${w}`);
  const rawDir = resolve(parsed.raw);
  if (parsed.dryRun) {
    for (const d of plan.downloads) out(`${d.url} -> ${join(rawDir, d.relPath)}`);
    out(`fetch: ${plan.downloads.length} files planned (--simular: nothing downloaded)`);
    return 0;
  }
  const bar = deps.out === undefined && progressWanted(process.stdout, process.env);
  const progress = createProgress(plan.downloads.length, bar, out);
  let results: DownloadResult[];
  try {
    results = await downloadAll(plan.downloads, {
      rawDir,
      concurrency: parsed.concurrency,
      policy: { ...DEFAULT_RETRY_POLICY, maxAttempts: parsed.maxAttempts, ...deps.policy },
      sleep: deps.sleep,
      progress,
    });
  } finally {
    progress.stop();
  }
  const count = (o: DownloadResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const failed = results.filter((r) => r.outcome === 'failed');
  const missing = results.filter((r) => r.outcome === 'not_found');
  for (const r of missing) out(`not published (404): ${r.item.url}`);
  for (const r of failed) err(`failed: ${r.item.url}: ${r.entries.at(-1)?.error ?? 'unknown error'}`);
  out(
    `fetch: ${results.length} files: ${count('downloaded')} downloaded, ${count('changed')} changed, ` +
      `${count('not_modified')} not modified, ${missing.length} not published, ${failed.length} failed; ` +
      `log ${rawDir}/${DOWNLOAD_LOG_NAME}`,
  );
  return failed.length > 0 ? 1 : 0;
}
