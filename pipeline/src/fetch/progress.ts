import cliProgress from 'cli-progress';
import type { DownloadResult } from './download-file.ts';

export interface Progress {
  bytes(n: number): void;
  fileDone(result: DownloadResult): void;
  stop(): void;
}

/** A bar only for a person watching: not when stdout is piped or under CI, where it would garble logs. */
export function progressWanted(stdout: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stdout.isTTY === true && !env.CI;
}

const LABEL: Record<DownloadResult['outcome'], string> = {
  downloaded: 'downloaded',
  changed: 'changed (new sha256)',
  not_modified: 'not modified',
  not_found: 'not published (404)',
  failed: 'FAILED',
};

export function describeResult(r: DownloadResult): string {
  const last = r.entries.at(-1);
  const why = r.outcome === 'failed' && last?.error ? `: ${last.error}` : '';
  return `${LABEL[r.outcome]} ${r.item.relPath} <- ${r.item.url}${why}`;
}

export function createProgress(total: number, bar: boolean, write: (line: string) => void): Progress {
  if (!bar) {
    return {
      bytes: () => undefined,
      fileDone: (r) => write(describeResult(r)),
      stop: () => undefined,
    };
  }
  const single = new cliProgress.SingleBar(
    {
      format: '{bar} {value}/{total} files | {mb} MB',
      stream: process.stdout,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let received = 0;
  let done = 0;
  single.start(total, 0, { mb: '0.0' });
  return {
    bytes: (n) => {
      received += n;
      single.update({ mb: (received / 1e6).toFixed(1) });
    },
    fileDone: () => {
      done += 1;
      single.update(done, { mb: (received / 1e6).toFixed(1) });
    },
    stop: () => single.stop(),
  };
}
