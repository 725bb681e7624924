import { mkdir } from 'node:fs/promises';
import pMap from 'p-map';
import {
  DEFAULT_RETRY_POLICY,
  type DownloadResult,
  downloadFile,
  type RetryPolicy,
  sleep,
} from './download-file.ts';
import { DownloadLogWriter, lastCompleteByUrl, readDownloadLog } from './download-log.ts';
import type { PlannedDownload } from './plan.ts';
import type { Progress } from './progress.ts';

export interface DownloadAllOptions {
  rawDir: string;
  concurrency: number;
  policy?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  progress?: Progress;
}

/** Downloads every planned file with at most `concurrency` transfers at once; results keep the plan's order. */
export async function downloadAll(
  items: readonly PlannedDownload[],
  opts: DownloadAllOptions,
): Promise<DownloadResult[]> {
  await mkdir(opts.rawDir, { recursive: true });
  const lastComplete = lastCompleteByUrl(await readDownloadLog(opts.rawDir));
  const log = new DownloadLogWriter(opts.rawDir);
  const progress = opts.progress;
  const ctx = {
    rawDir: opts.rawDir,
    policy: opts.policy ?? DEFAULT_RETRY_POLICY,
    log,
    sleep: opts.sleep ?? sleep,
    random: opts.random ?? Math.random,
    onBytes: progress ? (n: number) => progress.bytes(n) : undefined,
  };
  return pMap(
    items,
    async (item) => {
      const result = await downloadFile(item, lastComplete.get(item.url) ?? null, ctx);
      progress?.fileDone(result);
      return result;
    },
    { concurrency: Math.max(1, opts.concurrency) },
  );
}
