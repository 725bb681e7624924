import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type DataBuild, openBuild } from './build.ts';
import { empresasPublicadas } from './empresas.ts';
import { etfsPublicados } from './etfs.ts';
import { fiisPublicados } from './fiis.ts';

/**
 * The pages of a publication that show the most (issue 15): `pnpm demo` prints them and the browser tests
 * read them. Chosen by counting what each page would fill from real data, so the choice follows the data
 * as more of it is published (more sessions, REIT distributions, quarters).
 */
export interface Vitrine {
  /** Company with prices, multiples, a verdict and the most indicator values. */
  empresa: string | null;
  /** Company with the most proventos and a price (may be the same as `empresa`). */
  dividendos: string | null;
  fii: string | null;
  etf: string | null;
}

function melhor<T>(itens: T[], nota: (x: T) => number, nome: (x: T) => string): string | null {
  let escolhido: { n: number; nome: string } | null = null;
  for (const x of itens) {
    const n = nota(x);
    if (n <= 0) continue;
    if (!escolhido || n > escolhido.n || (n === escolhido.n && nome(x) < escolhido.nome))
      escolhido = { n, nome: nome(x) };
  }
  return escolhido?.nome ?? null;
}

export function vitrine(b: DataBuild): Vitrine {
  const empresas = empresasPublicadas(b);
  const valores = (e: (typeof empresas)[number]) =>
    (e.indicadores?.indicadores ?? []).filter((l) => l.valor !== null).length;
  const sessoes = (e: (typeof empresas)[number]) =>
    Math.max(0, ...(e.precos?.tickers ?? []).map((t) => t.sessoes.length));
  const proventos = (e: (typeof empresas)[number]) => e.dividendos?.proventos.length ?? 0;
  const empresa = melhor(
    empresas.filter(
      (e) =>
        sessoes(e) > 0 &&
        e.multiplos?.valuation &&
        b.byPath.has(ARTEFATOS.veredito.caminho({ cd: e.indice.cd_regulator })),
    ),
    (e) => valores(e) + sessoes(e) + 10 * proventos(e),
    (e) => e.indice.ticker,
  );
  const dividendos = melhor(
    empresas.filter((e) => sessoes(e) > 0),
    proventos,
    (e) => e.indice.ticker,
  );
  const fii = melhor(
    fiisPublicados(b),
    ({ recurso: f }) =>
      1 +
      f.pvp.filter((p) => p.pvp !== null).length * 2 +
      f.pvp.length +
      f.proventos_recentes.length * 2 +
      f.vacancia.length +
      (f.dy_12m.dy_12m === null ? 0 : 5),
    (f) => f.item.ticker,
  );
  const etf = melhor(
    etfsPublicados(b),
    ({ recurso: e }) =>
      (e.ultimo_fechamento ? 1 : 0) +
      e.agio_30_pregoes.length +
      e.agio_30_pregoes.filter((a) => a.agio !== null).length * 2 +
      (e.ultimo_informe ? 5 : 0) +
      (e.carteira ? 5 : 0),
    (e) => e.item.ticker,
  );
  return { empresa, dividendos, fii, etf };
}

/** The showcase of the publication under `dir` (its `current`). */
export function vitrineDaPublicacao(dir: string): Vitrine {
  return vitrine(openBuild(dir));
}

/** The showcase of the publication under `dir`, as language-neutral page paths. */
export function paginasDaVitrine(dir: string): string[] {
  const v = vitrineDaPublicacao(dir);
  return [
    v.empresa && `/acoes/${v.empresa}`,
    v.dividendos && v.dividendos !== v.empresa && `/acoes/${v.dividendos}`,
    v.fii && `/fiis/${v.fii}`,
    v.etf && `/etfs/${v.etf}`,
  ].filter((p): p is string => typeof p === 'string');
}
