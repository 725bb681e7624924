import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
    { cd_regulator: number; ticker_atual: string }
  >;
  // The first old code (sorted) whose current code differs: exercises the 301 with real data.
  const [codigoAntigo, alvo] = Object.entries(tickers)
    .filter(([k, v]) => k !== v.ticker_atual)
    .sort(([a], [b]) => a.localeCompare(b))[0] ?? ['', { ticker_atual: '' }];
  const semeavel = await semeavelDaAmostra(dir, (todos) =>
    todos.filter(
      (p) =>
        [
          'json/tickers.json',
          'json/empresas.json',
          'json/dicionario.json',
          'auditoria/universo.txt',
        ].includes(p) ||
        p.startsWith('json/empresas/5410/') ||
        p.startsWith('csv/'),
    ),
  );
  project.provide('amostra', { ...semeavel, codigoAntigo, codigoAtual: alvo.ticker_atual });
}
