import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLI = 'site/scripts/cli.ts';

/** Runs the site CLI under the Node running the tests (Node 22 from the workspace), with tsx as loader. */
function cli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO,
    env: { ...process.env, INIT_CWD: REPO },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `pnpm site build --data <pub> --out <out> --check-links`; rejects with the CLI's output (broken links included) when it fails. */
export function buildSite(pub: string, out: string, baseUrl: string): Promise<void> {
  return new Promise((ok, fail) => {
    const p = cli(['build', '--data', pub, '--out', out, '--base-url', baseUrl, '--check-links']);
    let log = '';
    p.stdout?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    p.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    p.on('error', fail);
    p.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`site build exited ${code}:\n${log}`))));
  });
}

/** `pnpm site serve --port 0 --dir <dir>`; resolves with the address it printed. */
export function serveSite(dir: string): Promise<{ url: string; stop: () => void }> {
  return new Promise((ok, fail) => {
    const p = cli(['serve', '--port', '0', '--dir', dir]);
    let log = '';
    p.stdout?.on('data', (d: Buffer) => {
      log += d.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(log);
      if (m?.[1]) ok({ url: m[1], stop: () => p.kill() });
    });
    p.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
    });
    p.on('error', fail);
    p.on('exit', (code) => fail(new Error(`site serve exited ${code}:\n${log}`)));
  });
}
