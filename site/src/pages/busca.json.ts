import type { APIRoute } from 'astro';
import { currentBuild } from '../data/build.ts';
import { empresasPublicadas } from '../data/empresas.ts';
import { etfsPublicados } from '../data/etfs.ts';
import { fiisPublicados } from '../data/fiis.ts';

/**
 * The search box's index (`/busca.json`, read by the shell's script, `ui/src/layout/busca-script.ts`): one row per asset that has a page,
 * `[type, code, name, CNPJ digits, other codes, CVM code]` with type 0 stock, 1 REIT, 2 ETF. Rows, not
 * objects, keep it small (~25 KB gzipped for the sample's ~760 assets); the browser fetches it once, on
 * the first focus of the box, so it never weighs on a page that is only read. A full-text engine
 * (Pagefind) would index page bodies the box does not search and ship a wasm runtime; codes, names and
 * CNPJs fit in one JSON file.
 */
export type LinhaIndice = [0 | 1 | 2, string, string, string, string, number | null];

const digitos = (cnpj: string | null) => (cnpj ?? '').replace(/\D/g, '');

export function indiceDeBusca(): { versao: string; itens: LinhaIndice[] } {
  const b = currentBuild();
  const itens: LinhaIndice[] = [
    ...empresasPublicadas(b).map(
      ({ indice: e }): LinhaIndice => [
        0,
        e.ticker,
        e.nome,
        digitos(e.cnpj),
        e.tickers.filter((t) => t !== e.ticker).join(' '),
        e.cd_regulator,
      ],
    ),
    ...fiisPublicados(b).map(({ item: f }): LinhaIndice => [1, f.ticker, f.nome, digitos(f.cnpj), '', null]),
    ...etfsPublicados(b).map(({ item: e }): LinhaIndice => [2, e.ticker, e.nome, digitos(e.cnpj), '', null]),
  ];
  return { versao: b.manifest.versao_do_dado, itens };
}

export const GET: APIRoute = () =>
  new Response(JSON.stringify(indiceDeBusca()), { headers: { 'Content-Type': 'application/json' } });
