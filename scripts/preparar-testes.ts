// Runs before `pnpm test`: the end-to-end tests drive Debian's Chromium at CHROMIUM, so a fresh machine
// must have it. As root with apt we install it (what `.ci/run` used to do alone); otherwise we stop at once
// with the one command to run, instead of eight e2e files failing later with a launch error.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
const INSTALAR = 'sudo apt-get update && sudo apt-get install -y chromium';

function tem(comando: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${comando}`], { stdio: 'ignore' }).status === 0;
}

function apt(args: string[]): boolean {
  const r = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

if (!existsSync(CHROMIUM)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !tem('apt-get')) {
    console.error(`Chromium is missing at ${CHROMIUM}; the end-to-end tests need it. Run:\n  ${INSTALAR}`);
    process.exit(1);
  }
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's package (apt-get install chromium)…`);
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', 'chromium']) || !existsSync(CHROMIUM)) {
    console.error(`Installing Chromium failed. Run:\n  ${INSTALAR}`);
    process.exit(1);
  }
}
