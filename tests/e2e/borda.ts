import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { abrirChromium, REPO, siteDaAmostra } from './site-build.ts';

const CLI = 'edge-api/scripts/cli.ts';

export interface Borda {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** Everything the CLI and wrangler printed so far (for failure messages). */
  log: () => string;
  /** Stops the CLI, wrangler and workerd (the whole process group) and waits for them to exit. */
  parar: () => Promise<void>;
}

export interface OpcoesBorda {
  /** The pipeline's `--out` directory (holding `current`). */
  data: string;
  /** A built site directory (`site build --out`). */
  site: string;
  /** Local state for R2, D1 and the Durable Object: use a fresh temporary directory per suite. */
  persist: string;
  /** Defaults to a free port. */
  porta?: number;
  /** How long to wait for `/saude`; the upload of a publication takes most of it. */
  limiteMs?: number;
  /** Worker vars and secrets (`api serve --var NAME:value`), e.g. the local Stripe stand-in's address. */
  vars?: Record<string, string>;
}

/** A port nobody listens on right now. */
export function portaLivre(): Promise<number> {
  return new Promise((ok, falha) => {
    const s = createServer();
    s.once('error', falha);
    s.listen(0, '127.0.0.1', () => {
      const endereco = s.address();
      const porta = typeof endereco === 'object' && endereco !== null ? endereco.port : 0;
      s.close(() => ok(porta));
    });
  });
}

function pararGrupo(filho: ChildProcess): Promise<void> {
  if (filho.exitCode !== null || filho.signalCode !== null || filho.pid === undefined)
    return Promise.resolve();
  const pid = filho.pid;
  return new Promise((ok) => {
    const fim = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
      ok();
    }, 10_000);
    filho.once('exit', () => {
      clearTimeout(fim);
      ok();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(fim);
      ok();
    }
  });
}

/**
 * Starts `pnpm api serve --data <data> --site <site> --port <p> --persist <persist>` (the worker on local
 * workerd serving the data routes and the site on one origin) and resolves when `/saude` answers 200.
 * Builds nothing: the publication and the site must exist. Rejects with the CLI's output if it exits
 * first or `/saude` does not answer in time.
 */
export async function iniciarBorda(o: OpcoesBorda): Promise<Borda> {
  const porta = o.porta ?? (await portaLivre());
  const filho = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CLI,
      'serve',
      '--data',
      o.data,
      '--site',
      o.site,
      '--port',
      String(porta),
      '--persist',
      o.persist,
      ...Object.entries(o.vars ?? {}).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
    ],
    // Own process group, so stopping it also stops wrangler and workerd.
    { cwd: REPO, env: { ...process.env, INIT_CWD: REPO }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let log = '';
  filho.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  filho.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const url = `http://127.0.0.1:${porta}`;
  const borda: Borda = { url, log: () => log, parar: () => pararGrupo(filho) };
  const fim = Date.now() + (o.limiteMs ?? 480_000);
  while (Date.now() < fim) {
    if (filho.exitCode !== null || filho.signalCode !== null)
      throw new Error(`api serve exited (${filho.exitCode ?? filho.signalCode}) before /saude:\n${log}`);
    const ok = await fetch(`${url}/saude`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return borda;
    await esperar(500);
  }
  await borda.parar();
  throw new Error(`api serve: /saude did not answer at ${url}:\n${log}`);
}

/** The worker serving a publication and its site, a Chromium, and the temporary folder they use. */
export interface BordaComChromium {
  borda: Borda;
  browser: Browser;
  /** The suite's temporary folder (the worker's local state is `estado` inside it). */
  tmp: string;
  /** Closes the browser, stops the worker and removes the folder (afterAll). */
  parar: () => Promise<void>;
}

/**
 * How the e2e files that drive the worker start: a fresh temporary folder named `prefixo…`, `api serve` over
 * the publication `pub` and a site (the sample's built site unless `site` makes one in the folder), with
 * local state in `<tmp>/estado`, then Debian's Chromium. On a failure what was started is stopped.
 */
export async function iniciarBordaComChromium(o: {
  prefixo: string;
  pub: string;
  site?: (tmp: string) => string;
  porta?: number;
  vars?: Record<string, string>;
}): Promise<BordaComChromium> {
  const tmp = mkdtempSync(join(tmpdir(), o.prefixo));
  let borda: Borda | undefined;
  let browser: Browser | undefined;
  const parar = async () => {
    await browser?.close();
    await borda?.parar();
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    borda = await iniciarBorda({
      data: o.pub,
      site: o.site ? o.site(tmp) : await siteDaAmostra(o.pub),
      persist: join(tmp, 'estado'),
      ...(o.porta === undefined ? {} : { porta: o.porta }),
      ...(o.vars === undefined ? {} : { vars: o.vars }),
    });
    browser = await abrirChromium();
    return { borda, browser, tmp, parar };
  } catch (e) {
    await parar();
    throw e;
  }
}
