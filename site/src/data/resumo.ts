import type { NomeIndicador } from '@fundamentos/schemas/indicadores';
import type { EmpresaPublicada } from './empresas.ts';
import { linkLinhagem } from './empresas.ts';

/**
 * The figures a reader looks for first, read from the company's published artefacts (never recomputed):
 * the header strip of the company page and the sortable columns of `/buscar` both come from here.
 */
export type ChaveResumo = 'fechamento' | 'pl' | 'pvp' | 'dy' | 'roe' | 'margem' | 'dl_ebitda';

export interface ValorResumo {
  chave: ChaveResumo;
  valor: number | null;
  /** Why the value is null (or a caveat on it), as published; null when none or when nothing was published. */
  flag: string | null;
  /** What the value refers to: a session date (`2022-02-03`) or a fiscal year. */
  data: string | null;
  ano: number | null;
  /** Where the number came from: its lineage route or the page section that lists its source rows. */
  origem: string | null;
}

export const CHAVES_RESUMO: readonly ChaveResumo[] = [
  'fechamento',
  'pl',
  'pvp',
  'dy',
  'roe',
  'margem',
  'dl_ebitda',
];

const INDICADOR: Partial<Record<ChaveResumo, NomeIndicador>> = {
  roe: 'roe',
  margem: 'margem_liquida',
  dl_ebitda: 'dl_ebitda',
};

/** Series of the company's current code, else the code with the most sessions (as the price chart). */
export function serieDePrecos(e: EmpresaPublicada) {
  const ts = e.precos?.tickers ?? [];
  return (
    ts.find((t) => t.ticker === e.indice.ticker) ??
    [...ts].sort((a, b) => b.sessoes.length - a.sessoes.length)[0]
  );
}

function vazio(chave: ChaveResumo, flag: string | null): ValorResumo {
  return { chave, valor: null, flag, data: null, ano: null, origem: null };
}

export function resumoEmpresa(e: EmpresaPublicada): ValorResumo[] {
  const out: ValorResumo[] = [];
  const ultima = serieDePrecos(e)?.sessoes.at(-1);
  out.push(
    ultima
      ? {
          chave: 'fechamento',
          valor: ultima.fechamento,
          flag: null,
          data: ultima.data,
          ano: null,
          origem: '#h-precos',
        }
      : vazio('fechamento', null),
  );
  // P/L and P/VP of the newest annual filing, point in time (price of the first session after reception).
  const anual = [...(e.multiplos?.anuais ?? [])].sort((a, b) => b.ano - a.ano)[0];
  for (const chave of ['pl', 'pvp'] as const) {
    if (!anual) {
      out.push(vazio(chave, null));
      continue;
    }
    out.push({
      chave,
      valor: anual[chave],
      flag: anual.flag,
      data: anual.data_preco,
      ano: anual.ano,
      origem: linkLinhagem(e.indice, anual.ano, chave),
    });
  }
  const dy = e.dividendos?.dividend_yield_12m;
  out.push(
    dy
      ? { chave: 'dy', valor: dy.valor, flag: null, data: dy.data_preco, ano: null, origem: '#dividendos' }
      : // the exchange's coverage says why there is no yield (e.g. `sem_dados_da_bolsa`)
        vazio('dy', e.dividendos?.cobertura.situacao ?? null),
  );
  for (const chave of ['roe', 'margem', 'dl_ebitda'] as const) {
    const nome = INDICADOR[chave] as NomeIndicador;
    const linha = (e.indicadores?.indicadores ?? [])
      .filter((l) => l.nome === nome)
      .sort((a, b) => b.ano - a.ano)[0];
    out.push(
      linha
        ? {
            chave,
            valor: linha.valor,
            flag: linha.flag,
            data: null,
            ano: linha.ano,
            origem: linkLinhagem(e.indice, linha.ano, nome),
          }
        : vazio(chave, null),
    );
  }
  return out;
}
