/**
 * Starting a bench's own worker on the API's wrangler and workerd (bench/throughput.ts's hello-world
 * worker, bench/screener.ts's screener worker), waiting for it, and stopping it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unstable_readConfig } from 'wrangler';

export const RAIZ = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WRANGLER = join(RAIZ, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

export function portaLivre(): Promise<number> {
  return new Promise((ok, erro) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a !== null && typeof a === 'object' ? ok(a.port) : erro(new Error('no port'))));
    });
  });
}

/** Polls `caminho` until it answers 2xx; fails when the process exits first or after 20 minutes. */
export async function esperar(url: string, filho: ChildProcess, caminho = '/saude'): Promise<void> {
  // The API uploads the publication first: minutes on a loaded machine.
  for (let i = 0; i < 6000 && filho.exitCode === null; i++) {
    if (
      await fetch(`${url}${caminho}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the worker at ${url} did not answer ${caminho}`);
}

/**
 * `wrangler dev` of one bench worker (`main`), with the API's compatibility settings read from its
 * wrangler.jsonc, in a config of its own under `persist` (wrangler would otherwise find the API's
 * wrangler.jsonc above it). In a new process group: `parar` ends wrangler and its workerd together.
 */
export async function wranglerDev(
  nome: string,
  main: string,
  persist: string,
): Promise<{ url: string; filho: ChildProcess }> {
  const config = unstable_readConfig({ config: join(RAIZ, 'wrangler.jsonc') });
  const arquivo = join(persist, `${nome}.wrangler.json`);
  await writeFile(
    arquivo,
    JSON.stringify({
      name: `fundamentos-bench-${nome}`,
      main,
      compatibility_date: config.compatibility_date,
      compatibility_flags: config.compatibility_flags,
    }),
  );
  const porta = await portaLivre();
  const filho = spawn(
    process.execPath,
    [
      WRANGLER,
      'dev',
      '--config',
      arquivo,
      '--port',
      String(porta),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      join(persist, nome),
      '--show-interactive-dev-session=false',
    ],
    {
      cwd: RAIZ,
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
      env: { ...process.env, CI: 'true' },
    },
  );
  return { url: `http://127.0.0.1:${porta}`, filho };
}

/** Ends the process groups of the children still running. */
export async function parar(filhos: readonly (ChildProcess | undefined)[]): Promise<void> {
  for (const p of filhos) if (p?.pid !== undefined && p.exitCode === null) process.kill(-p.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
}
