import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { membroDe } from '@fundamentos/schemas/pacotes';
import type { TestProject } from 'vitest/node';
import { construirAmostra, semeavelDaAmostra } from './amostra-build.ts';
import { fixtureInfra } from './fixture-infra.ts';

/** Runs in Node before the workerd tests: builds what the test files seed into R2. */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('fixtureInfra', await fixtureInfra());

  // A broken pipeline fails only the real-sample tests, with its message; the infrastructure tests still run.
  let dir: string;
  try {
    dir = await construirAmostra();
  } catch (e) {
    project.provide('amostraFalhou', e instanceof Error ? (e.stack ?? e.message) : String(e));
    return;
  }
  const tickers = JSON.parse(await readFile(join(dir, 'json/tickers.json'), 'utf8')) as Record<
    string,
    { cd_regulator: number; ticker_atual: string; vigente?: boolean }
  >;
  // The first code no longer traded (sorted) whose current code differs: exercises the 301 with real data
  // (a live class answers as itself).
  const [codigoAntigo, alvo] = Object.entries(tickers)
    .filter(([k, v]) => k !== v.ticker_atual && v.vigente !== true)
    .sort(([a], [b]) => a.localeCompare(b))[0] ?? ['', { ticker_atual: '' }];
  // Audit samples computed here, in Node, by an implementation independent of the worker's
  // (node:crypto, plain sort): the worker must draw the same lines.
  const universo = [
    ...new Set(
      (await readFile(join(dir, 'auditoria/universo.txt'), 'utf8')).split('\n').filter((l) => l !== ''),
    ),
  ];
  const sortear = (seed: number, n: number): string[] =>
    universo
      .map((l) => [createHash('sha256').update(`${seed}|${l}`, 'utf8').digest('hex'), l] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, n)
      .map(([, l]) => l);
  const sorteios: Record<string, string[]> = { '42': sortear(42, 10), '2024': sortear(2024, 100) };
  const linhagens = new Set(
    Object.values(sorteios)
      .flat()
      .map((l) => {
        const [cd, ano, ind] = l.split('|');
        // Lineage is published packed per company (schemas/src/pacotes.ts): the test build carries the pack.
        return membroDe(`json/empresas/${cd}/linhagem/${ano}/${ind}.json`)?.pacote ?? '';
      }),
  );
  const semeavel = await semeavelDaAmostra(dir, (todos) =>
    todos.filter(
      (p) =>
        [
          'json/tickers.json',
          'json/empresas.json',
          'json/dicionario.json',
          'json/screener.json',
          'json/desafio.json',
          'json/hoje.json',
          'auditoria/universo.txt',
          membroDe('json/empresas/906/auditoria/dep_amort/2014.json')?.pacote,
        ].includes(p) ||
        linhagens.has(p) ||
        p.startsWith('json/empresas/5410/') ||
        // Two companies of one sector with indicators, multiples and prices: the edge pages' pair and portfolio.
        /^json\/empresas\/(2437|15253)\/(index|indicadores|multiplos|precos|veredito)\.json$/.test(p) ||
        // their live classes' own multiples (ELET5, ELET6 beside ELET3; ENGI3, ENGI4 beside ENGI11)
        /^json\/empresas\/(2437|15253)\/classes\/[A-Z0-9]+\/multiplos\.json$/.test(p) ||
        p === 'json/fiis.json' ||
        /^json\/fiis\/(MXRF11|FLRP11)\//.test(p) ||
        /^json\/etfs(\.json$|\/(BOVA11|IVVB11)\/)/.test(p) ||
        p.startsWith('csv/') ||
        p === 'json/vigia/eventos.json' ||
        // Parquet copies of the bulk sets (not the staging tables), the set dictionary and the build report.
        (/^parquet\/[a-z0-9_]+\.parquet$/.test(p) && !/^parquet\/(stg_|_)/.test(p)) ||
        p === 'json/conjuntos.json' ||
        p === 'report.json',
    ),
  );
  project.provide('amostra', { ...semeavel, codigoAntigo, codigoAtual: alvo.ticker_atual });
  project.provide('sorteios', sorteios);
}
