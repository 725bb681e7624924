/**
 * A screener universe of full-scale size, made here from the sample's real snapshot rows (issue #10
 * item 8): the screener only compares the numbers of one snapshot, so its cost grows with the rows and
 * the 12-month P/Ls it scans, not with where they came from. Generating a whole publication at escala 1
 * to get this one artefact costs tens of minutes and gigabytes; replicating the sample's rows costs
 * milliseconds and keeps every row a real row's shape (flags, nulls, severities, quarters).
 *
 * Every company of the result is made here: `cd_regulator` from CD_REGULATOR_FEITO_AQUI up, tickers
 * `X???3` that no listed company uses, each one a sample company's rows moved to every year of ANOS
 * (dates moved by the same number of years) with its values scaled by a factor of its own, so filters
 * split the universe instead of keeping or dropping copies together.
 *
 * The sample has no priced P/L (its few COTAHIST days fall near none of its filings: every `pl` is null
 * with a blocking flag), while a full-scale build prices most filings. So the P/Ls are made here too:
 * nine rows in ten get an annual P/L and four 12-month P/Ls (ITR quarters 1–3 and the DFP, the pipeline's
 * `pl_12m` at full scale) from a hash of company, year and quarter, some negative or above 200 so every
 * P/L rule is exercised; the tenth keeps the sample row's null and flags.
 */
import type {
  ScreenerPl12m,
  ScreenerSnapshot,
  ScreenerSnapshotLinha,
} from '@fundamentos/schemas/screener-snapshot';

/** Full scale (pipeline/bench/gerador): ~700 listed companies, fiscal years 2010–2025. */
export const EMPRESAS_ESCALA_CHEIA = 700;
export const ANOS = Array.from({ length: 16 }, (_, i) => 2010 + i);
/** No CVM code is this large: a made-here company is never mistaken for a real one. */
export const CD_REGULATOR_FEITO_AQUI = 9_000_000;

const LETRAS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `XAAA3`, `XAAB3`, …: a valid trading code (TickerSchema) per made-here company. */
export function tickerFeitoAqui(k: number): string {
  const l = (i: number) => LETRAS[Math.floor(k / 26 ** i) % 26] ?? 'A';
  return `X${l(2)}${l(1)}${l(0)}3`;
}

/** `YYYY-MM-DD` moved by whole years (29 February becomes the 28th in a common year). */
function moverData(data: string, anos: number): string;
function moverData(data: string | null, anos: number): string | null;
function moverData(data: string | null, anos: number): string | null {
  if (data === null || anos === 0) return data;
  const ano = Number(data.slice(0, 4)) + anos;
  const resto = data.slice(4) === '-02-29' && ano % 4 !== 0 ? '-02-28' : data.slice(4);
  return `${ano}${resto}`;
}

const escalar = (v: number | null, f: number) => (v === null ? null : v * f);

/** A deterministic number per company, year and quarter (0: the row itself). */
const plFeitoAqui = (k: number, ano: number, trimestre: number) =>
  (Math.imul(k * 7_919 + ano * 104_729 + trimestre * 1_299_709, 0x9e3779b1) >>> 0) % 1_000_003;

/** P/L from that number: mostly 2–40, one in twenty negative, one in fifty above 200. */
function plDe(h: number): number {
  if (h % 20 === 0) return -((h % 300) / 10 + 1);
  if (h % 50 === 1) return 200 + (h % 500);
  return 2 + (h % 3_800) / 100;
}

/** Spreads the factors over 0.6–1.4 by a multiplicative hash of the company's number. */
const fator = (k: number) => 0.6 + (0.8 * ((k * 2_654_435_761) % 1_000)) / 1_000;

/** The sample snapshot's rows grown to `empresas` companies × ANOS (see the file's comment). */
export function universoEscalaCheia(
  amostra: ScreenerSnapshot,
  empresas = EMPRESAS_ESCALA_CHEIA,
): ScreenerSnapshot {
  const linhasDe = new Map<number, ScreenerSnapshotLinha[]>();
  for (const l of amostra.linhas)
    if (l.ticker !== null) linhasDe.set(l.cd_regulator, [...(linhasDe.get(l.cd_regulator) ?? []), l]);
  const origens = [...linhasDe.entries()].sort(([a], [b]) => a - b).map(([, ls]) => ls);
  if (origens.length === 0) throw new Error('the sample screener snapshot has no company with a ticker');
  const linhas: ScreenerSnapshotLinha[] = [];
  const pl12m: ScreenerPl12m[] = [];
  for (let k = 0; k < empresas; k++) {
    const origem = [...(origens[k % origens.length] ?? [])].sort((a, b) => a.ano - b.ano);
    const cd = CD_REGULATOR_FEITO_AQUI + k;
    const f = fator(k);
    ANOS.forEach((ano, i) => {
      const l = origem[i % origem.length];
      if (l === undefined) return;
      const d = ano - l.ano;
      const indicadores: Record<string, number | null> = {};
      for (const [nome, v] of Object.entries(l.indicadores)) indicadores[nome] = escalar(v, f);
      const dtReceb = moverData(l.dt_receb, d);
      const disponivelEm = moverData(l.disponivel_em, d);
      const comPl = plFeitoAqui(k, ano, 0) % 10 !== 0;
      const trimestres = [
        { trimestre: 1, dt_receb: `${ano}-05-15` },
        { trimestre: 2, dt_receb: `${ano}-08-14` },
        { trimestre: 3, dt_receb: `${ano}-11-13` },
        { trimestre: 4, dt_receb: dtReceb },
      ].map(
        (t): ScreenerPl12m => ({
          cd_regulator: cd,
          ano,
          trimestre: t.trimestre,
          dt_receb: t.dt_receb,
          data_preco: comPl ? t.dt_receb : null,
          pl: comPl ? plDe(plFeitoAqui(k, ano, t.trimestre)) : null,
          flag: comPl ? null : 'sem_pregao_apos_recebimento',
          gravidade: comPl ? null : 'bloqueante',
        }),
      );
      pl12m.push(...trimestres);
      const dfp = trimestres[3];
      linhas.push({
        ...l,
        cd_regulator: cd,
        ano,
        nome: `Empresa feita aqui ${k}`,
        ticker: tickerFeitoAqui(k),
        disponivel_em: disponivelEm,
        dt_receb: dtReceb,
        indicadores,
        data_preco: comPl ? disponivelEm : null,
        preco: escalar(l.preco, f),
        market_cap: escalar(l.market_cap, f),
        pl: comPl ? (dfp?.pl ?? null) : null,
        pvp: escalar(l.pvp, f),
        ev_ebitda: escalar(l.ev_ebitda, f),
        fcf_yield: escalar(l.fcf_yield, f),
        flag_pl: comPl ? null : 'sem_pregao_apos_recebimento',
        pl_gravidade: comPl ? null : 'bloqueante',
        pl_ttm: dfp?.pl ?? null,
        pl_ttm_ano: ano,
        pl_ttm_trimestre: 4,
        pl_ttm_dt_receb: dtReceb,
        pl_ttm_data_preco: dfp?.data_preco ?? null,
        flag_pl_ttm: dfp?.flag ?? null,
        pl_ttm_gravidade: dfp?.gravidade ?? null,
      });
    });
  }
  return {
    versao_do_dado: amostra.versao_do_dado,
    regra_as_of: amostra.regra_as_of,
    classificacao_flags_pl: amostra.classificacao_flags_pl,
    linhas,
    ...(amostra.pl_12m === undefined ? {} : { pl_12m: pl12m }),
  };
}

/**
 * Realistic screens, as `/screener` query strings: one to four filters over indicators and both P/Ls,
 * every year or one fiscal year, `as_of` in the past, strict rigour, small and large pages (the whole
 * universe in one page last).
 */
export const TELAS: readonly string[] = [
  'roa_min=0.05&limite=100',
  'roe_min=0.15',
  'pl_max=15&roe_min=0.1',
  'pl_ttm_max=10&limite=50',
  'pl_min=2&pl_max=12&margem_liquida_min=0.08&dl_ebitda_max=2',
  'liquidez_corrente_min=1.5&roic_min=0.1&limite=1000',
  'margem_bruta_min=0.3&margem_ebit_min=0.1&ano=2018',
  'pl_ttm_max=20&as_of=2016-06-30',
  'pl_max=10&rigor=estrito&limite=20',
  'f_score_min=6&pl_max=25&as_of=2021-03-31&limite=1000',
  'roe_max=0.5&ano=2012&limite=10',
  'dl_ebitda_max=1&pl_ttm_min=3&pl_ttm_max=15&rigor=estrito',
  'pl_max=30&limite=1000',
  'limite=1000',
];
