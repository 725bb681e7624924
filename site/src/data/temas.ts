import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { separarFlags } from '@fundamentos/schemas/flags';
import { INDICADORES, type NomeIndicador } from '@fundamentos/schemas/indicadores';
import { formatarValor, numero } from '@fundamentos/ui/formato';
import { LANG_PARAMS } from '@fundamentos/ui/i18n/routes';
import type { Lang } from '@fundamentos/ui/i18n/strings';
import type { DataBuild } from './build.ts';
import {
  formulaIndicador,
  type TextosDicionario,
  textosDicionario,
  textosDoBuild,
  tituloIndicador,
} from './dicionario.ts';
import type { EmpresaPublicada } from './empresas.ts';

/**
 * Themes of `/acoes/{ticker}/{tema}` (documented in docs/site.md). `reapresentacoes` keeps its own
 * page (`reapresentacoes.astro`); the ones here are built from the indicators and dividends artefacts.
 */
export const TEMAS_INDICADORES = {
  margem: ['margem_liquida', 'margem_bruta', 'margem_ebit'],
  divida: ['dl_ebitda', 'divida_liquida', 'liquidez_corrente'],
  rentabilidade: ['roic', 'roe', 'roa'],
} as const satisfies Record<string, readonly NomeIndicador[]>;
export const TEMAS_LISTA = ['margem', 'divida', 'rentabilidade', 'dividendos'] as const;
export type Tema = (typeof TEMAS_LISTA)[number];

export const TEMA_TITULO: Record<Lang, Record<Tema, string>> = {
  pt: { margem: 'Margens', divida: 'Dívida', rentabilidade: 'Rentabilidade', dividendos: 'Dividendos' },
  en: { margem: 'Margins', divida: 'Debt', rentabilidade: 'Returns', dividendos: 'Dividends' },
};

export interface Celula {
  texto: string;
  /** Exact published value, kept for `data-valor` and the plain-text copy. */
  valor: number | null;
  flags: string[];
}

export interface PaginaTema {
  titulo: string;
  resposta: string;
  colunas: string[];
  linhas: { rotulo: string; celulas: Celula[] }[];
  verificar_titulo: string;
  verificar: string[];
  citacao: string;
}

const T = {
  pt: {
    ano: 'Ano',
    verificar: 'Como verificar',
    nada: (nome: string, tema: string) =>
      `Não há valor publicado de ${tema.toLowerCase()} para ${nome} neste build.`,
    nulo: 'sem valor',
    em: (ano: number, titulo: string, nome: string, v: string) =>
      `Em ${ano}, ${titulo.toLowerCase()} de ${nome} foi ${v}.`,
    contas: (titulo: string, formula: string, contas: string) =>
      `${titulo}: ${formula} (contas CVM ${contas}).`,
    arquivos:
      'Os valores vêm dos arquivos DFP da CVM (dados.cvm.gov.br, dfp_cia_aberta_DRE_con_2023.csv e semelhantes: demonstração, consolidado ou individual, ano); a rota de linhagem de cada valor dá o arquivo e a linha exatos.',
    artefato: (p: string) => `Artefato publicado: ${p}.`,
    dy: (nome: string, v: string, soma: string, classe: string, t: string, d: string) =>
      `Nos 12 meses até ${d}, os proventos em dinheiro por ação ${classe} de ${nome} somaram ${soma}, dividend yield de ${v} sobre o fechamento de ${t}.`,
    sem_b3: (nome: string) =>
      `Não temos resposta da B3 (GetListedCashDividends) para ${nome} neste build: não afirmamos que ela não pagou proventos.`,
    sem_dy: (nome: string) =>
      `Há proventos publicados para ${nome}, mas não um dividend yield de 12 meses (sem preço no nosso COTAHIST).`,
    total: 'Total por ação (R$)',
    n: 'Eventos',
    fonte_div:
      'Proventos: B3 GetListedCashDividends (valor bruto por ação, data com); preço: B3 COTAHIST (fechamento no pregão indicado).',
  },
  en: {
    ano: 'Year',
    verificar: 'How to verify',
    nada: (nome: string, tema: string) =>
      `No ${tema.toLowerCase()} value is published for ${nome} in this build.`,
    nulo: 'no value',
    em: (ano: number, titulo: string, nome: string, v: string) => `In ${ano}, ${nome}'s ${titulo} was ${v}.`,
    contas: (titulo: string, formula: string, contas: string) =>
      `${titulo}: ${formula} (regulator accounts ${contas}).`,
    arquivos:
      "Values come from the regulator's DFP files (dados.cvm.gov.br, dfp_cia_aberta_DRE_con_2023.csv and alike: statement, consolidated or individual, year); each value's lineage route gives the exact file and line.",
    artefato: (p: string) => `Published artefact: ${p}.`,
    dy: (nome: string, v: string, soma: string, classe: string, t: string, d: string) =>
      `In the 12 months to ${d}, ${nome}'s cash distributions (proventos) per ${classe} share added up to ${soma}, a dividend yield of ${v} on the close of ${t}.`,
    sem_b3: (nome: string) =>
      `We have no B3 answer (GetListedCashDividends) for ${nome} in this build: we do not claim it paid nothing.`,
    sem_dy: (nome: string) =>
      `Cash distributions are published for ${nome}, but no 12-month dividend yield (no price in our COTAHIST).`,
    total: 'Total per share (BRL)',
    n: 'Events',
    fonte_div:
      'Distributions: B3 GetListedCashDividends (gross amount per share, record date); price: B3 COTAHIST (close of the session named).',
  },
};

const locale = (lang: Lang) => (lang === 'pt' ? 'pt-BR' : 'en-US');
/** The pipeline publishes each citation in both languages (`citacao_en`). */
const citacaoNaLingua = (a: { citacao: string; citacao_en: string }, lang: Lang) =>
  lang === 'en' ? a.citacao_en : a.citacao;

function temaIndicadores(
  e: EmpresaPublicada,
  tema: keyof typeof TEMAS_INDICADORES,
  lang: Lang,
  textos: TextosDicionario,
): PaginaTema {
  const t = T[lang];
  const { indice, indicadores } = e;
  const nomes = TEMAS_INDICADORES[tema];
  const ls = (indicadores?.indicadores ?? []).filter((l) => (nomes as readonly string[]).includes(l.nome));
  const anos = [...new Set(ls.map((l) => l.ano))].sort((a, b) => b - a);
  const titulo = (n: NomeIndicador) => tituloIndicador(n, lang, textos, indicadores?.proveniencia[n]);
  const fmt = (n: NomeIndicador, v: number) => formatarValor(v, INDICADORES[n].unidade, lang);
  const principal = nomes[0];
  const ultimo = ls.filter((l) => l.nome === principal && l.valor !== null).sort((a, b) => b.ano - a.ano)[0];
  const resposta =
    ultimo && ultimo.valor !== null
      ? t.em(ultimo.ano, titulo(principal), indice.nome, fmt(principal, ultimo.valor))
      : t.nada(indice.nome, TEMA_TITULO[lang][tema]);
  const celula = new Map(ls.map((l) => [`${l.nome}|${l.ano}`, l]));
  return {
    titulo: `${TEMA_TITULO[lang][tema]} · ${indice.nome} (${indice.ticker})`,
    resposta,
    colunas: [t.ano, ...nomes.map(titulo)],
    linhas: anos.map((ano) => ({
      rotulo: String(ano),
      celulas: nomes.map((n) => {
        const l = celula.get(`${n}|${ano}`);
        if (!l) return { texto: '–', valor: null, flags: [] };
        return {
          texto: l.valor === null ? t.nulo : fmt(n, l.valor),
          valor: l.valor,
          flags: separarFlags(l.flag),
        };
      }),
    })),
    verificar_titulo: t.verificar,
    verificar: [
      ...nomes.flatMap((n) => {
        const p = indicadores?.proveniencia[n];
        const formula = formulaIndicador(n, lang, textos, p);
        return p && formula !== null ? [t.contas(titulo(n), formula, p.contas_regulator.join(', '))] : [];
      }),
      t.arquivos,
      t.artefato(ARTEFATOS.indicadores.caminho({ cd: indice.cd_regulator })),
    ],
    citacao: citacaoNaLingua(indicadores ?? indice, lang),
  };
}

function temaDividendos(e: EmpresaPublicada, lang: Lang): PaginaTema {
  const t = T[lang];
  const { indice, dividendos: d } = e;
  const fReais = numero(locale(lang), { style: 'currency', currency: 'BRL', maximumFractionDigits: 8 });
  const fPct = numero(locale(lang), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const reais = (v: number) => fReais.format(v);
  const pct = (v: number) => fPct.format(v);
  const dy = d?.dividend_yield_12m ?? null;
  const resposta =
    d === null || d.cobertura.situacao !== 'com_proventos'
      ? t.sem_b3(indice.nome)
      : dy && dy.valor !== null
        ? t.dy(indice.nome, pct(dy.valor), reais(dy.proventos_12m), dy.classe, dy.ticker_preco, dy.data_preco)
        : t.sem_dy(indice.nome);
  return {
    titulo: `${TEMA_TITULO[lang].dividendos} · ${indice.nome} (${indice.ticker})`,
    resposta,
    colunas: [t.ano, t.total, t.n],
    linhas: (d?.resumo_anual ?? []).map((r) => ({
      rotulo: String(r.ano),
      celulas: [
        { texto: reais(r.total), valor: r.total, flags: [] },
        { texto: String(r.n), valor: r.n, flags: [] },
      ],
    })),
    verificar_titulo: t.verificar,
    verificar: [t.fonte_div, t.artefato(ARTEFATOS.dividendos.caminho({ cd: indice.cd_regulator }))],
    citacao: citacaoNaLingua(d ?? indice, lang),
  };
}

/** `textos`: the build's dictionary in `lang` (indicator titles and formulas); without it, codes are shown. */
export function paginaTema(
  e: EmpresaPublicada,
  tema: Tema,
  lang: Lang,
  textos: TextosDicionario = textosDicionario(null, lang),
): PaginaTema {
  return tema === 'dividendos' ? temaDividendos(e, lang) : temaIndicadores(e, tema, lang, textos);
}

/**
 * The params and props of every `/acoes/{ticker}/{tema}` page, each company in each language: the HTML
 * route (`[tema].astro`) and its `.md` copy (`[tema].md.ts`) give the same list.
 */
export function rotasDeTema(empresas: readonly EmpresaPublicada[]) {
  return LANG_PARAMS.flatMap((p) =>
    empresas.flatMap((e) =>
      TEMAS_LISTA.map((tema) => ({
        params: { ...p, ticker: e.indice.ticker, tema },
        props: { empresa: e, tema },
      })),
    ),
  );
}

const paginasFeitas = new WeakMap<EmpresaPublicada, Map<string, PaginaTema>>();

/**
 * The theme page of a company in the build, shaped once per company, theme and language: the HTML page
 * and its `.md` copy render the same answer and table (neither changes what it is given).
 */
export function paginaTemaDoBuild(b: DataBuild, e: EmpresaPublicada, tema: Tema, lang: Lang): PaginaTema {
  const feitas = paginasFeitas.get(e) ?? new Map<string, PaginaTema>();
  paginasFeitas.set(e, feitas);
  const chave = `${tema}|${lang}`;
  const pronta = feitas.get(chave) ?? paginaTema(e, tema, lang, textosDoBuild(b, lang));
  feitas.set(chave, pronta);
  return pronta;
}

/** Plain-text (Markdown) copy of a theme page for AI readers: the same answer, table and sources. */
export function temaMarkdown(p: PaginaTema): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const celula = (c: Celula) => (c.flags.length ? `${c.texto} (flag: ${c.flags.join(', ')})` : c.texto);
  return [
    `# ${p.titulo}`,
    '',
    p.resposta,
    '',
    ...(p.linhas.length
      ? [
          `| ${p.colunas.map(esc).join(' | ')} |`,
          `| ${p.colunas.map(() => '---').join(' | ')} |`,
          ...p.linhas.map((l) => `| ${[l.rotulo, ...l.celulas.map(celula)].map(esc).join(' | ')} |`),
          '',
        ]
      : []),
    `## ${p.verificar_titulo}`,
    '',
    ...p.verificar.map((v) => `- ${v}`),
    '',
    p.citacao,
    '',
  ].join('\n');
}
