import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { amostraPublicada, comLock } from '@fundamentos/pipeline/testing/amostra';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLI = 'site/scripts/cli.ts';
export const SCREENSHOTS = join(REPO, 'tests', 'screenshots');
/** Base URL every e2e site build uses for canonical links and the sitemap. */
export const BASE_URL_E2E = 'https://fundamentos.test';

/** Runs the site CLI under the Node running the tests (Node 22 from the workspace), with tsx as loader. */
function cli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO,
    env: { ...process.env, INIT_CWD: REPO },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * `pnpm site build --data <pub> --out <out> --check-links [--processos <n>]`; rejects with the CLI's output
 * (broken links included) when it fails.
 */
export function buildSite(pub: string, out: string, baseUrl: string, processos?: number): Promise<void> {
  const partes = processos === undefined ? [] : ['--processos', String(processos)];
  return new Promise((ok, fail) => {
    const p = cli(['build', '--data', pub, '--out', out, '--base-url', baseUrl, '--check-links', ...partes]);
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

const CACHE = join(REPO, 'node_modules', '.cache', 'fundamentos');
const FONTES_DO_SITE = [
  'site/src',
  'site/public',
  'site/scripts',
  'site/astro.config.ts',
  'site/package.json',
  // the shell, strings and formats the pages are made of live in the ui package
  'ui/src',
  'ui/package.json',
];

async function arquivos(p: string): Promise<string[]> {
  const s = await stat(p);
  if (s.isFile()) return [p];
  const out: string[] = [];
  for (const e of await readdir(p, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.endsWith('.test.ts')) continue;
    out.push(...(await arquivos(join(p, e.name))));
  }
  return out.sort();
}

/** The publication (its directory name hashes the pipeline and schemas) and the site's own sources. */
async function chaveDoSite(pub: string): Promise<string> {
  const h = createHash('sha256').update(basename(pub)).update('\0');
  for (const f of (await Promise.all(FONTES_DO_SITE.map((r) => arquivos(join(REPO, r))))).flat()) {
    h.update(relative(REPO, f))
      .update('\0')
      .update(await readFile(f))
      .update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

const PRONTO = '.pronto';
const pronto = (dir: string) =>
  stat(join(dir, PRONTO)).then(
    () => true,
    () => false,
  );

/**
 * The site of a sample publication, built (with the link check) at most once per content across the e2e
 * files, which Vitest runs in parallel processes: each used to build its own copy, ~40 s apiece.
 */
export async function siteDaAmostra(pub: string): Promise<string> {
  const dir = join(CACHE, `site-${await chaveDoSite(pub)}`);
  if (await pronto(dir)) return dir;
  await comLock(
    `${dir}.lock`,
    async () => {
      if (await pronto(dir)) return;
      await rm(dir, { recursive: true, force: true });
      await buildSite(pub, dir, BASE_URL_E2E);
      await writeFile(join(dir, PRONTO), '');
    },
    () => pronto(dir),
  );
  if (!(await pronto(dir))) throw new Error(`site build at ${dir} is incomplete`);
  return dir;
}

/** Debian's Chromium, headless, as every e2e test drives it; also makes sure the screenshot folder exists. */
export function abrirChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** The sample's site served as plain files, and a Chromium: how most e2e files start. */
export interface SiteNoChromium {
  base: string;
  browser: Browser;
  /** Closes the browser and stops the server (afterAll). */
  fechar: () => Promise<void>;
  /** Opens a path of the site in a new context (see `abrirPagina`). */
  abrir: (path: string, js?: boolean) => Promise<PaginaAberta>;
}

export async function abrirSiteDaAmostra(pub: string): Promise<SiteNoChromium> {
  const served = await serveSite(await siteDaAmostra(pub));
  const browser = await abrirChromium();
  return {
    base: served.url,
    browser,
    fechar: async () => {
      await browser.close();
      served.stop();
    },
    abrir: (path, js = true) => abrirPagina(browser, `${served.url}${path}`, js),
  };
}

/**
 * Registers the file's beforeAll/afterAll: `preparar` reads what the tests need from the sample
 * publication, then the sample's site is served to a Chromium. Returns how to open one of its paths.
 */
export function siteDaAmostraNaSuite(
  preparar: (pub: string) => void | Promise<void> = () => {},
): (path: string, js?: boolean) => Promise<PaginaAberta> {
  let site: SiteNoChromium | undefined;
  beforeAll(async () => {
    const pub = await amostraPublicada();
    await preparar(pub);
    site = await abrirSiteDaAmostra(pub);
  }, 900_000);
  afterAll(async () => {
    await site?.fechar();
  });
  return (path, js = true) => {
    if (!site) throw new Error('the sample site did not start');
    return site.abrir(path, js);
  };
}

export interface PaginaAberta {
  page: Page;
  /** Console errors and uncaught exceptions seen while the page was open. */
  erros: string[];
  status: number;
}

/**
 * Opens `url` in a new context, collecting console errors and uncaught exceptions. `locale` sets the
 * browser's language (Accept-Language), which un-prefixed pages negotiate from; default Chromium's.
 */
export async function abrirPagina(
  browser: Browser,
  url: string,
  js = true,
  locale?: string,
): Promise<PaginaAberta> {
  const context = await browser.newContext({ javaScriptEnabled: js, ...(locale ? { locale } : {}) });
  const page = await context.newPage();
  const erros: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') erros.push(m.text());
  });
  page.on('pageerror', (e) => erros.push(e.message));
  const r = await page.goto(url, { waitUntil: 'load' });
  return { page, erros, status: r?.status() ?? 0 };
}

/** Reads a JSON file of a publication's `current` build (`pub`: the pipeline's `--out`), e.g. `json/empresas.json`. */
export function leitorDaPublicacao(pub: string): (caminho: string) => unknown {
  return (caminho) => JSON.parse(readFileSync(join(pub, 'current', caminho), 'utf8'));
}

/** The company page's weight budget (HTML, CSS, JS and what the page fetches), in bytes. */
export const BUDGET_BYTES = 100 * 1024;

/**
 * Opens `url` in a new context and adds up the bodies of the responses of the given resource types
 * (`document`, `stylesheet`, `script`…) until the network is idle: a page's weight as a reader downloads it.
 */
export async function pesoDaPagina(
  browser: Browser,
  url: string,
  tipos: readonly string[],
): Promise<{ bytes: number; page: Page }> {
  const page = await (await browser.newContext()).newPage();
  let bytes = 0;
  page.on('response', async (r) => {
    if (tipos.includes(r.request().resourceType())) bytes += (await r.body()).length;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  return { bytes, page };
}

/**
 * The weight of the page at `url` (`pesoDaPagina`), expected within the budget and more than an empty
 * page (1000 bytes: the page did load). Returns the page for the caller's own checks; the caller closes it.
 */
export async function pesoNoOrcamento(
  browser: Browser,
  url: string,
  tipos: readonly string[],
): Promise<Page> {
  const { bytes, page } = await pesoDaPagina(browser, url, tipos);
  expect(bytes).toBeGreaterThan(1000);
  expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
  return page;
}
