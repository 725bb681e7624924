/**
 * The main job on the embedded default: builds the real sample into data/out, builds the site from it,
 * then serves the API (workerd, through wrangler) and the static site locally.
 *
 *   pnpm demo                 # build, then serve until Ctrl-C
 *   pnpm demo -- --verificar  # build, serve, check both answer, stop (used to test the demo itself)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as esperar } from 'node:timers/promises';
import { parseArgs } from 'node:util';

// pnpm 10 forwards a literal `--` separator; it is not an argument of ours.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    verificar: { type: 'boolean', default: false },
    'porta-api': { type: 'string', default: '8787' },
    'porta-site': { type: 'string', default: '4321' },
  },
});
const portaApi = Number(values['porta-api']);
const portaSite = Number(values['porta-site']);

// Re-enter pnpm the way we were started (npx pnpm@10 sets npm_execpath), so no global pnpm is needed.
const pnpm = process.env.npm_execpath;
function comando(args: string[]): [string, string[]] {
  return pnpm ? [process.execPath, [pnpm, ...args]] : ['pnpm', args];
}

function rodar(args: string[]): Promise<void> {
  const [bin, argv] = comando(args);
  return new Promise((ok, erro) => {
    const p = spawn(bin, argv, { stdio: 'inherit' });
    p.on('exit', (code) =>
      code === 0 ? ok() : erro(new Error(`pnpm ${args.join(' ')} exited with ${code}`)),
    );
  });
}

function iniciar(args: string[]): ChildProcess {
  const [bin, argv] = comando(args);
  return spawn(bin, argv, { stdio: 'inherit', detached: true });
}

async function responde(url: string, limiteMs: number): Promise<Response> {
  const fim = Date.now() + limiteMs;
  let ultimo: unknown;
  while (Date.now() < fim) {
    try {
      return await fetch(url);
    } catch (e) {
      ultimo = e;
      await esperar(500);
    }
  }
  throw new Error(`${url} did not answer within ${limiteMs / 1000}s: ${String(ultimo)}`);
}

const filhos: ChildProcess[] = [];
function parar(): void {
  for (const f of filhos) {
    if (f.pid !== undefined) {
      try {
        process.kill(-f.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}
process.on('SIGINT', () => {
  parar();
  process.exit(130);
});

await rodar(['pipeline', 'build', '--raw', 'data/sample/raw', '--out', 'data/out', '--label', 'amostra']);
await rodar(['site', 'build', '--data', 'data/out']);
filhos.push(iniciar(['api', 'serve', '--data', 'data/out', '--port', String(portaApi)]));
filhos.push(iniciar(['site', 'serve', '--port', String(portaSite)]));

try {
  const saude = await responde(`http://127.0.0.1:${portaApi}/saude`, 300_000);
  const corpo = (await saude.json()) as { versao_do_dado?: string };
  const site = await responde(`http://127.0.0.1:${portaSite}/`, 60_000);
  console.log(
    `\nAPI  http://127.0.0.1:${portaApi}/saude → ${saude.status}, versao_do_dado ${corpo.versao_do_dado}`,
  );
  console.log(`site http://127.0.0.1:${portaSite}/ → ${site.status}`);
  console.log(
    `try: http://127.0.0.1:${portaApi}/empresas/ENGI11 (open), /empresas/WEGE3/indicadores (trial code, no key) and http://127.0.0.1:${portaSite}/acoes/ENGI11\n`,
  );
  if (values.verificar) {
    if (!saude.ok || !site.ok) throw new Error('the demo did not answer 200 on both servers');
    parar();
    process.exit(0);
  }
} catch (e) {
  console.error(String(e));
  parar();
  process.exit(1);
}
