import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { CdRegulatorSchema } from '@fundamentos/schemas/comum';
import { MultiplosDeClasseSchema } from '@fundamentos/schemas/multiplos';
import { z } from 'zod';
import { type DataBuild, readArtefact, umaVezPorBuild } from './build.ts';
import { caminhos, type EmpresaPublicada, empresaPublicada, empresasPublicadas } from './empresas.ts';

/**
 * `json/tickers.json`: every trading code → company and current code (docs/architecture.md).
 * @fundamentos/schemas has no schema for it yet, so it is checked here; keys are any non-empty
 * code because the regulator files carry codes outside the B3 pattern (e.g. `24201A`).
 */
export const TickersSchema = z.record(
  z.string().min(1),
  z.strictObject({
    cd_regulator: CdRegulatorSchema,
    ticker_atual: z.string().min(1),
    vigente: z.boolean().optional(),
  }),
);

/** `json/tickers.json` read once per build: every company route's getStaticPaths asks for it. */
const tickers = umaVezPorBuild((b) => readArtefact(b, caminhos.tickers, TickersSchema) ?? {});

/**
 * Secondary codes (not the main one, not a company's own page) whose main code has a page, sorted:
 * those no longer traded (`vivos` false) or the live classes (`vivos` true).
 */
function secundarios(b: DataBuild, vivos: boolean): { codigo: string; principal: string }[] {
  const mapa = tickers(b);
  const comPagina = new Set(empresasPublicadas(b).map((e) => e.indice.ticker));
  return Object.entries(mapa)
    .filter(
      ([codigo, v]) =>
        codigo !== v.ticker_atual &&
        (v.vigente === true) === vivos &&
        comPagina.has(v.ticker_atual) &&
        !comPagina.has(codigo) &&
        /^[A-Z0-9]+$/.test(codigo),
    )
    .map(([codigo, v]) => ({ codigo, principal: v.ticker_atual }))
    .sort((x, y) => x.codigo.localeCompare(y.codigo));
}

/** Codes no longer traded whose current code has a page: each gets a redirect page to it (`?de=`). */
export function codigosAntigos(b: DataBuild): { de: string; para: string }[] {
  return secundarios(b, false).map((c) => ({ de: c.codigo, para: c.principal }));
}

/**
 * Live classes beside the main code (ITUB3 beside ITUB4): each gets its own company page, the
 * company's data under its own code, so the page shows that class's price and volume.
 */
export function classesVivas(b: DataBuild): { codigo: string; principal: string }[] {
  return secundarios(b, true);
}

/**
 * Every company page to generate: each company under its main code, then each live class as the same
 * company under the class's own code (its page and sub-pages; the price chart follows `indice.ticker`),
 * with the class's own multiples where the build publishes them (the company's plus a `classe` block).
 */
export function paginasDeEmpresa(b: DataBuild): EmpresaPublicada[] {
  const empresas = empresasPublicadas(b);
  const porTicker = new Map(empresas.map((e) => [e.indice.ticker, e]));
  const classes = classesVivas(b).flatMap((c) => {
    const e = porTicker.get(c.principal);
    if (e === undefined) return [];
    const daClasse = empresaPublicada(b, { ...e.indice, ticker: c.codigo });
    const caminho = ARTEFATOS.multiplos_classe.caminho({ cd: e.indice.cd_regulator, ticker: c.codigo });
    let multiplos: EmpresaPublicada['multiplos'] | undefined;
    // Still read on first use (a site built in parts reads only its own pages' files): the class's
    // artefact (the company's multiples plus a `classe` block), or the company's for a live code the
    // pipeline gives no per-class figures: it prices share classes only (`^[A-Z0-9]{4}[3-8]$`,
    // pipeline/src/marts/mercado/classes.ts), so units, rights and `…5B` codes have none (6 of 157 live
    // codes on the real sample: BHIA12, BRGE12, EQMA5B, EQMA6B, FRRN5B, MBLY12). The API answers them the
    // same way (edge-api/src/rotas/empresas.ts).
    return [
      Object.defineProperty(daClasse, 'multiplos', {
        get: () => {
          multiplos ??= readArtefact(b, caminho, MultiplosDeClasseSchema) ?? e.multiplos;
          return multiplos;
        },
      }),
    ];
  });
  return [...empresas, ...classes];
}
