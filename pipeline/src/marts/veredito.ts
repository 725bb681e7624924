import type { DuckDBConnection } from '@duckdb/node-api';
import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import { separarFlags } from '@fundamentos/schemas/flags';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { type ItemVeredito, MAXIMO_PALAVRAS_FRASE_TOPO, type Veredito } from '@fundamentos/schemas/veredito';
import { z } from 'zod';
import type { BuildContext, Stage } from '../core/stage.ts';
import { TEXTO_INDICADORES } from './fundamentos/dicionario.ts';
import { citacao } from './fundamentos/publicacao.ts';
import { linhas, numero } from './fundamentos/sql.ts';
import { posicoes } from './scores.ts';

/**
 * The deterministic verdict (`json/empresas/<cd>/veredito.json`, docs/veredito.md): five published
 * numbers of the latest year with indicators, each placed in a fixed numeric band and compared with its
 * sector, its own past and the universe, plus a confidence flag from restatements, the auditor's opinion
 * and staleness. Every rule is a constant here; nothing is estimated and no text judges.
 */

export const ITENS_VEREDITO = ['margem_liquida', 'roic', 'dl_ebitda', 'pl', 'pvp'] as const;
export type NomeItem = (typeof ITENS_VEREDITO)[number];
type NomeIndicadorItem = Exclude<NomeItem, 'pl' | 'pvp'>;
const INDICADORES_ITEM: readonly NomeIndicadorItem[] = ['margem_liquida', 'roic', 'dl_ebitda'];

type Unidade = 'fracao' | 'vezes' | 'multiplo';

/**
 * The bands: each list of cuts splits the line into "below the first", "from one cut to the next"
 * (lower cut included) and "the last cut or more". Round numbers a reader can check by eye, not
 * targets: a band says where the value is, never whether that is good.
 */
export const FAIXAS: Record<NomeItem, { unidade: Unidade; cortes: readonly number[] }> = {
  margem_liquida: { unidade: 'fracao', cortes: [0, 0.05, 0.15] },
  roic: { unidade: 'fracao', cortes: [0, 0.08, 0.15] },
  dl_ebitda: { unidade: 'vezes', cortes: [0, 1, 3] },
  pl: { unidade: 'multiplo', cortes: [10, 20] },
  pvp: { unidade: 'multiplo', cortes: [1, 3] },
};

/** Fewer values than this in a group: no median and no position (a median of two says little). */
export const MINIMO_GRUPO = 3;
/** Restatements of the verdict year or of the two before it make the flag yellow. */
export const ANOS_REAPRESENTACAO_RECENTE = 3;
/** A company whose latest DFP is this many years behind the newest DFP of the universe is stale. */
export const ANOS_DEFASAGEM_UNIVERSO = 2;
/** Fewer numbers with a value than this (or than the applicable ones, when fewer) makes the flag yellow. */
export const MINIMO_NUMEROS = 3;

/** Flag of an item whose year has no published row (no annual multiple for the verdict year). */
export const FLAG_SEM_DADO = 'veredito_sem_dado_no_ano';

const ROTULO: Record<NomeItem, { pt: string; en: string; curto: string; curto_en: string }> = {
  margem_liquida: {
    pt: TEXTO_INDICADORES.margem_liquida.titulo,
    en: TEXTO_INDICADORES.margem_liquida.titulo_en,
    curto: 'margem líquida',
    curto_en: 'net margin',
  },
  roic: {
    pt: TEXTO_INDICADORES.roic.titulo,
    en: TEXTO_INDICADORES.roic.titulo_en,
    curto: 'ROIC',
    curto_en: 'ROIC',
  },
  dl_ebitda: {
    pt: TEXTO_INDICADORES.dl_ebitda.titulo,
    en: TEXTO_INDICADORES.dl_ebitda.titulo_en,
    curto: 'dívida líquida/EBITDA',
    curto_en: 'net debt/EBITDA',
  },
  pl: { pt: 'P/L (preço/lucro)', en: 'P/E (price/earnings)', curto: 'P/L', curto_en: 'P/E' },
  pvp: { pt: 'P/VP (preço/valor patrimonial)', en: 'P/B (price/book)', curto: 'P/VP', curto_en: 'P/B' },
};

export const PERGUNTAS: Veredito['perguntas'] = [
  { pergunta: 'Ganha dinheiro?', pergunta_en: 'Does it make money?', itens: ['margem_liquida', 'roic'] },
  { pergunta: 'Quanto deve?', pergunta_en: 'How much does it owe?', itens: ['dl_ebitda'] },
  {
    pergunta: 'Quanto o mercado paga por ela?',
    pergunta_en: 'What does the market pay for it?',
    itens: ['pl', 'pvp'],
  },
];

// ---------------------------------------------------------------- input

const num = z.coerce.number();
const numOuNulo = z.union([z.null(), z.coerce.number()]);
const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const EmpresaRow = z.object({
  cd_regulator: num,
  nome: z.string().min(1),
  cnpj: z.string().nullable(),
  setor: z.string().min(1),
  tipo: z.string().min(1),
  ticker_atual: z.string().min(1),
});
export const IndicadorRow = z.object({
  cd_regulator: num,
  ano: num,
  nome: z.string(),
  valor: numOuNulo,
  flag: z.string().nullable(),
});
export const MultiploRow = z.object({
  cd_regulator: num,
  ano: num,
  dt_receb: data,
  data_preco: data,
  preco: numOuNulo,
  pl: numOuNulo,
  pvp: numOuNulo,
  flag_pl: z.string().nullable(),
  flag: z.string().nullable(),
});
export const ReapresentacaoRow = z.object({ cd_regulator: num, ano: num, dif_rel: numOuNulo });
export const ParecerRow = z.object({ cd_regulator: num, ano: num, tipo: z.string().min(1) });
export const DocumentoRow = z.object({
  cd_regulator: num,
  ultimo_dfp_referencia: data,
  ultimo_dfp_recebido: data,
  ultimo_itr_referencia: data.nullable(),
});

export interface EntradaVereditos {
  empresas: z.infer<typeof EmpresaRow>[];
  indicadores: z.infer<typeof IndicadorRow>[];
  multiplos: z.infer<typeof MultiploRow>[];
  reapresentacoes: z.infer<typeof ReapresentacaoRow>[];
  pareceres: z.infer<typeof ParecerRow>[];
  documentos: z.infer<typeof DocumentoRow>[];
}

async function existe(db: DuckDBConnection, tabela: string, coluna: string): Promise<boolean> {
  const n = await numero(
    db,
    `SELECT count(*) FROM information_schema.columns WHERE table_name = '${tabela}' AND column_name = '${coluna}'`,
  );
  return n > 0;
}

/**
 * Reads what the verdict needs from the mart tables (or from views over the published bulk sets with
 * the same names and columns: the test rebuilds the verdict from them). Companies: those published
 * (with a trading code) that have indicator rows.
 */
export async function carregarEntrada(db: DuckDBConnection): Promise<EntradaVereditos> {
  const publicadas = `SELECT cd_regulator FROM mart_empresas WHERE ticker_atual IS NOT NULL
    AND cd_regulator IN (SELECT cd_regulator FROM mart_indicadores)`;
  const empresas = await linhas(
    db,
    `SELECT cd_regulator, nome, cnpj, setor, tipo, ticker_atual FROM mart_empresas
     WHERE cd_regulator IN (${publicadas}) ORDER BY cd_regulator`,
    EmpresaRow,
  );
  const nomes = [...INDICADORES_ITEM, 'divida_liquida', 'ebitda'].map((n) => `'${n}'`).join(', ');
  const indicadores = await linhas(
    db,
    `SELECT cd_regulator, ano, nome, valor, flag FROM mart_indicadores
     WHERE nome IN (${nomes}) AND cd_regulator IN (${publicadas}) ORDER BY cd_regulator, ano, nome`,
    IndicadorRow,
  );
  const multiplos = await linhas(
    db,
    `SELECT cd_regulator, ano, CAST(dt_receb AS VARCHAR) AS dt_receb, CAST(data_preco AS VARCHAR) AS data_preco,
            preco, pl, pvp, flag_pl, flag
     FROM mkt_multiplos_anuais WHERE cd_regulator IN (${publicadas}) ORDER BY cd_regulator, ano`,
    MultiploRow,
  );
  const reapresentacoes = await linhas(
    db,
    `SELECT cd_regulator, ano, dif_rel FROM mart_reapresentacoes WHERE cd_regulator IN (${publicadas})
     ORDER BY cd_regulator, ano, dif_rel`,
    ReapresentacaoRow,
  );
  // The opinion file may be absent from a raw tree (the sample has only an ITR one): no table, no opinions.
  const pareceres = (await existe(db, 'stg_cvm_parecer', 'tp_relat_aud'))
    ? await linhas(
        db,
        `WITH p AS (
           SELECT cnpj_cia, dt_refer, versao, trim(tp_relat_aud) AS tipo FROM stg_cvm_parecer
           WHERE _doc = 'DFP' AND nullif(trim(tp_relat_aud), '') IS NOT NULL
           QUALIFY versao = max(versao) OVER (PARTITION BY cnpj_cia, dt_refer)
         )
         SELECT DISTINCT e.cd_regulator, CAST(year(p.dt_refer) AS INTEGER) AS ano, p.tipo
         FROM p JOIN mart_empresas e ON e.cnpj = p.cnpj_cia
         WHERE e.cd_regulator IN (${publicadas}) ORDER BY ALL`,
        ParecerRow,
      )
    : [];
  const documentos = await linhas(
    db,
    `WITH d AS (
       SELECT CAST(cd_cvm AS INTEGER) AS cd_regulator, _doc, dt_refer, versao, dt_receb FROM stg_cvm_doc_indice
       WHERE _doc IN ('DFP', 'ITR')
     ),
     dfp AS (
       SELECT cd_regulator, arg_max(dt_refer, (dt_refer, versao)) AS ref, arg_max(dt_receb, (dt_refer, versao)) AS receb
       FROM d WHERE _doc = 'DFP' GROUP BY ALL
     ),
     itr AS (SELECT cd_regulator, max(dt_refer) AS ref FROM d WHERE _doc = 'ITR' GROUP BY ALL)
     SELECT dfp.cd_regulator, CAST(dfp.ref AS VARCHAR) AS ultimo_dfp_referencia,
            CAST(dfp.receb AS VARCHAR) AS ultimo_dfp_recebido, CAST(itr.ref AS VARCHAR) AS ultimo_itr_referencia
     FROM dfp LEFT JOIN itr USING (cd_regulator) WHERE dfp.cd_regulator IN (${publicadas}) ORDER BY 1`,
    DocumentoRow,
  );
  return { empresas, indicadores, multiplos, reapresentacoes, pareceres, documentos };
}

// ---------------------------------------------------------------- rules

type Lingua = 'pt' | 'en';

/** Number as the text shows it: 12,3% / 1,2x / 8,4 (pt) and 12.3% / 1.2x / 8.4 (en). */
export function formatar(v: number, unidade: Unidade, lingua: Lingua): string {
  const f = (x: number, casas: number) =>
    x.toLocaleString(lingua === 'pt' ? 'pt-BR' : 'en-US', {
      minimumFractionDigits: casas,
      maximumFractionDigits: casas,
      useGrouping: false,
    });
  if (unidade === 'fracao') return `${f(v * 100, 1)}%`;
  if (unidade === 'vezes') return `${f(v, 1)}x`;
  return f(v, 1);
}

/** Cuts are round numbers: written the same in both languages. */
function corte(c: number, unidade: Unidade): string {
  if (unidade === 'fracao') return `${Math.round(c * 100)}%`;
  return unidade === 'vezes' ? `${c}x` : `${c}`;
}

/** The band a value falls in, in both languages; null for a null value. */
export function faixaDe(nome: NomeItem, valor: number | null): { pt: string; en: string } | null {
  if (valor === null) return null;
  const { unidade, cortes } = FAIXAS[nome];
  const c = (x: number) => corte(x, unidade);
  const primeiro = cortes[0] as number;
  const ultimo = cortes[cortes.length - 1] as number;
  if (valor < primeiro) return { pt: `abaixo de ${c(primeiro)}`, en: `below ${c(primeiro)}` };
  if (valor >= ultimo) return { pt: `${c(ultimo)} ou mais`, en: `${c(ultimo)} or more` };
  for (let i = 0; i + 1 < cortes.length; i++) {
    const lo = cortes[i] as number;
    const hi = cortes[i + 1] as number;
    if (valor >= lo && valor < hi)
      return {
        pt: `de ${c(lo)} a menos de ${c(hi)}`,
        en: `from ${c(lo)} to under ${c(hi)}`,
      };
  }
  throw new Error(`veredito: ${nome} = ${valor} falls in no band`);
}

export function mediana(valores: readonly number[]): number | null {
  if (valores.length === 0) return null;
  const s = [...valores].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

type Referencia = NonNullable<ItemVeredito['comparacao']['setor']>;

/**
 * One reference group: its median and size, and where `valor` stands. `contem` says whether the group
 * includes the value itself (sector, universe), which is what makes a position inside it meaningful.
 */
export function referencia(valor: number | null, grupo: readonly number[], contem: boolean): Referencia {
  const n = grupo.length;
  if (n < MINIMO_GRUPO) return { mediana: null, n, posicao: null, percentil: null };
  const med = mediana(grupo) as number;
  let percentil: number | null = null;
  if (valor !== null && contem) {
    const i = grupo.indexOf(valor);
    percentil = i < 0 ? null : (posicoes([...grupo])[i] as number);
  }
  return {
    mediana: med,
    n,
    posicao: valor === null ? null : valor < med ? 'abaixo' : valor > med ? 'acima' : 'igual',
    percentil,
  };
}

export type TipoParecer = 'sem_ressalva' | 'com_ressalva' | 'adverso' | 'abstencao' | 'outro';

/** The auditor's opinion kind from TP_RELAT_AUD, read without case or accents. */
export function classificarParecer(tipo: string): TipoParecer {
  const t = tipo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (t.includes('sem ressalva')) return 'sem_ressalva';
  if (t.includes('com ressalva')) return 'com_ressalva';
  if (t.includes('advers')) return 'adverso';
  if (t.includes('abstencao') || t.includes('absten')) return 'abstencao';
  return 'outro';
}
const ressalvado = (t: TipoParecer) => t === 'com_ressalva' || t === 'adverso' || t === 'abstencao';

const POSICAO_TEXTO: Record<'abaixo' | 'igual' | 'acima', { pt: string; en: string }> = {
  abaixo: { pt: 'abaixo da mediana do setor', en: 'below the sector median' },
  igual: { pt: 'igual à mediana do setor', en: 'equal to the sector median' },
  acima: { pt: 'acima da mediana do setor', en: 'above the sector median' },
};

export const contarPalavras = (s: string): number => s.trim().split(/\s+/).filter(Boolean).length;

/**
 * The top sentence: the year and the first two items with a value (in the order margin, debt, ROIC,
 * P/L, P/VP), each with its position against the sector median when there is one, and how many of the
 * five numbers have a value. At most 24 words by construction; the schema refuses more than 25.
 */
export function fraseTopo(
  ano: number,
  itens: Record<NomeItem, ItemVeredito>,
): { frase_topo: string; frase_topo_en: string } {
  const ordem: NomeItem[] = ['margem_liquida', 'dl_ebitda', 'roic', 'pl', 'pvp'];
  const com = ordem.filter((n) => itens[n].valor !== null);
  if (com.length === 0)
    return {
      frase_topo: `Em ${ano}, nenhum dos 5 números do veredito tem valor; cada item traz a flag que explica.`,
      frase_topo_en: `In ${ano}, none of the 5 verdict numbers has a value; each item carries the flag that explains why.`,
    };
  const partes = com.slice(0, 2).map((n) => {
    const i = itens[n];
    const v = i.valor as number;
    const p = i.comparacao.setor?.posicao ?? null;
    const u = FAIXAS[n].unidade;
    return {
      pt: `${ROTULO[n].curto} ${formatar(v, u, 'pt')}${p ? `, ${POSICAO_TEXTO[p].pt}` : ''}`,
      en: `${ROTULO[n].curto_en} ${formatar(v, u, 'en')}${p ? `, ${POSICAO_TEXTO[p].en}` : ''}`,
    };
  });
  const k = com.length;
  const r = {
    frase_topo: `Em ${ano}: ${partes.map((p) => p.pt).join('; ')}; ${k} de 5 números com valor.`,
    frase_topo_en: `In ${ano}: ${partes.map((p) => p.en).join('; ')}; ${k} of 5 numbers ${k === 1 ? 'has' : 'have'} a value.`,
  };
  for (const f of Object.values(r))
    if (contarPalavras(f) > MAXIMO_PALAVRAS_FRASE_TOPO)
      throw new Error(`veredito: top sentence over ${MAXIMO_PALAVRAS_FRASE_TOPO} words: ${f}`);
  return r;
}

function textoCurto(
  nome: NomeItem,
  ano: number,
  valor: number | null,
  flag: string | null,
  faixa: { pt: string; en: string } | null,
  setor: Referencia | null,
): { pt: string; en: string } {
  if (valor === null || faixa === null)
    return {
      pt: `Sem valor em ${ano}${flag ? ` (flag ${flag})` : ''}.`,
      en: `No value in ${ano}${flag ? ` (flag ${flag})` : ''}.`,
    };
  const u = FAIXAS[nome].unidade;
  const base = {
    pt: `${formatar(valor, u, 'pt')} em ${ano}, faixa ${faixa.pt}`,
    en: `${formatar(valor, u, 'en')} in ${ano}, band ${faixa.en}`,
  };
  if (setor?.mediana == null || setor.posicao === null) return { pt: `${base.pt}.`, en: `${base.en}.` };
  const p = POSICAO_TEXTO[setor.posicao];
  return {
    pt: `${base.pt}; ${p.pt} (${formatar(setor.mediana, u, 'pt')}, ${setor.n} empresas).`,
    en: `${base.en}; ${p.en} (${formatar(setor.mediana, u, 'en')}, ${setor.n} companies).`,
  };
}

const SETOR_SEM_NOME = 'Não informado';

interface Grupos {
  /** `${setor}|${ano}|${nome}` → values (non-null) of the published companies. */
  setor: Map<string, number[]>;
  /** `${ano}|${nome}` → values of every published company. */
  universo: Map<string, number[]>;
  /** `${cd}|${nome}` → [ano, valor] of the company, every year. */
  historico: Map<string, [number, number][]>;
}

function juntar<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

interface Valor {
  valor: number | null;
  flag: string | null;
}

function grupos(e: EntradaVereditos): Grupos {
  const setorDe = new Map(e.empresas.map((x) => [x.cd_regulator, x.setor]));
  const g: Grupos = { setor: new Map(), universo: new Map(), historico: new Map() };
  const add = (cd: number, ano: number, nome: NomeItem, v: number | null) => {
    if (v === null) return;
    const setor = setorDe.get(cd);
    if (setor === undefined) return;
    if (setor !== SETOR_SEM_NOME) juntar(g.setor, `${setor}|${ano}|${nome}`, v);
    juntar(g.universo, `${ano}|${nome}`, v);
    juntar(g.historico, `${cd}|${nome}`, [ano, v] as [number, number]);
  };
  for (const r of e.indicadores)
    if ((INDICADORES_ITEM as readonly string[]).includes(r.nome))
      add(r.cd_regulator, r.ano, r.nome as NomeItem, r.valor);
  for (const m of e.multiplos) {
    add(m.cd_regulator, m.ano, 'pl', m.pl);
    add(m.cd_regulator, m.ano, 'pvp', m.pvp);
  }
  // sorted groups: the same input in any order gives the same medians, positions and bytes
  for (const m of [g.setor, g.universo]) for (const l of m.values()) l.sort((a, b) => a - b);
  for (const l of g.historico.values()) l.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return g;
}

interface Motivo {
  pt: string;
  en: string;
  cor: 'amarelo' | 'vermelho';
}

/** The flag's one-line text per colour; the reasons list says which rules applied. */
const TEXTO_COR = {
  verde: {
    pt: 'Nenhuma regra da bandeira se aplica: sem ressalva, reapresentação recente ou defasagem.',
    en: 'No flag rule applies: no qualified opinion, recent restatement or staleness.',
  },
  amarelo: {
    pt: 'Há motivos para conferir os números antes de usá-los; veja a lista.',
    en: 'There are reasons to check the numbers before using them; see the list.',
  },
  vermelho: {
    pt: 'Há pelo menos um motivo vermelho; veja a lista antes de usar os números.',
    en: 'There is at least one red reason; see the list before using the numbers.',
  },
} as const;

/** Builds every company's verdict from the input; pure, and independent of the input's row order. */
export function montarVereditos(e: EntradaVereditos, versao_do_dado: string, apurado_em: string): Veredito[] {
  const g = grupos(e);
  const ind = new Map<string, Valor>();
  for (const r of e.indicadores) ind.set(`${r.cd_regulator}|${r.ano}|${r.nome}`, r);
  const mult = new Map(e.multiplos.map((m) => [`${m.cd_regulator}|${m.ano}`, m]));
  const reap = new Map<number, z.infer<typeof ReapresentacaoRow>[]>();
  for (const r of e.reapresentacoes) juntar(reap, r.cd_regulator, r);
  const par = new Map<number, z.infer<typeof ParecerRow>[]>();
  for (const p of e.pareceres) juntar(par, p.cd_regulator, p);
  const docs = new Map(e.documentos.map((d) => [d.cd_regulator, d]));
  const anoMaisRecente = Math.max(...e.documentos.map((d) => Number(d.ultimo_dfp_referencia.slice(0, 4))));
  const anosCom = new Map<number, number>();
  for (const r of e.indicadores)
    anosCom.set(r.cd_regulator, Math.max(anosCom.get(r.cd_regulator) ?? 0, r.ano));

  const out: Veredito[] = [];
  for (const emp of [...e.empresas].sort((a, b) => a.cd_regulator - b.cd_regulator)) {
    const cd = emp.cd_regulator;
    const ano = anosCom.get(cd);
    const doc = docs.get(cd);
    if (ano === undefined || doc === undefined) continue;
    const reapAnos = new Set((reap.get(cd) ?? []).map((r) => r.ano));
    const itens = {} as Record<NomeItem, ItemVeredito>;
    for (const nome of ITENS_VEREDITO) {
      const m = mult.get(`${cd}|${ano}`);
      let v: Valor;
      let extra: Partial<ItemVeredito> = {};
      if (nome === 'pl' || nome === 'pvp') {
        // flags as published: the P/L's own flag (screener's flag_pl), the P/VP with the row's flag
        v = m
          ? { valor: m[nome], flag: nome === 'pl' ? m.flag_pl : m.flag }
          : { valor: null, flag: FLAG_SEM_DADO };
        extra = {
          data_preco: m?.data_preco ?? null,
          apoio: { preco: m?.preco ?? null, dt_receb: m?.dt_receb ?? null },
        };
      } else {
        v = ind.get(`${cd}|${ano}|${nome}`) ?? { valor: null, flag: FLAG_SEM_DADO };
        if (nome === 'dl_ebitda')
          extra = {
            apoio: {
              divida_liquida: ind.get(`${cd}|${ano}|divida_liquida`)?.valor ?? null,
              ebitda: ind.get(`${cd}|${ano}|ebitda`)?.valor ?? null,
            },
          };
      }
      const setor =
        emp.setor === SETOR_SEM_NOME
          ? null
          : referencia(v.valor, g.setor.get(`${emp.setor}|${ano}|${nome}`) ?? [], true);
      const historico = referencia(
        v.valor,
        (g.historico.get(`${cd}|${nome}`) ?? []).filter(([a]) => a < ano).map(([, x]) => x),
        false,
      );
      const universo = referencia(v.valor, g.universo.get(`${ano}|${nome}`) ?? [], true);
      const faixa = faixaDe(nome, v.valor);
      const texto = textoCurto(nome, ano, v.valor, v.flag, faixa, setor);
      const marcas: string[] = [];
      if (reapAnos.has(ano)) marcas.push('ano_reapresentado');
      if (emp.setor === SETOR_SEM_NOME) marcas.push('setor_nao_informado');
      else if ((setor?.n ?? 0) < MINIMO_GRUPO) marcas.push('setor_pequeno');
      itens[nome] = {
        nome,
        rotulo: ROTULO[nome].pt,
        valor: v.valor,
        ano,
        flag: v.flag,
        marcas,
        faixa: faixa?.pt ?? null,
        faixa_en: faixa?.en ?? null,
        texto_curto: texto.pt,
        texto_curto_en: texto.en,
        comparacao: { setor, historico, universo },
        disponivel: v.valor !== null,
        ...extra,
      };
    }
    const numeros = ITENS_VEREDITO.filter((n) => itens[n].valor !== null).length;

    // restatements
    const rs = reap.get(cd) ?? [];
    const porAno: Record<string, number> = {};
    for (const r of rs) porAno[String(r.ano)] = (porAno[String(r.ano)] ?? 0) + 1;
    const anosReap = [...new Set(rs.map((r) => r.ano))].sort((a, b) => a - b);
    const difs = rs.flatMap((r) => (r.dif_rel === null ? [] : [Math.abs(r.dif_rel)]));
    const reapresentacoes = {
      n: rs.length,
      anos: anosReap,
      por_ano: porAno,
      maior_dif_rel: difs.length === 0 ? null : Math.max(...difs),
      ultimo_ano: anosReap.length === 0 ? null : (anosReap[anosReap.length - 1] as number),
    };
    // auditor's opinions: one kind per DFP year (a year with several kinds counts once, by its worst)
    const ps = (par.get(cd) ?? []).slice().sort((a, b) => a.ano - b.ano || a.tipo.localeCompare(b.tipo));
    const anosParecer = [...new Set(ps.map((p) => p.ano))];
    const quais = ps.filter((p) => ressalvado(classificarParecer(p.tipo))).map((p) => `${p.ano}: ${p.tipo}`);
    const anosRessalva = [
      ...new Set(ps.filter((p) => ressalvado(classificarParecer(p.tipo))).map((p) => p.ano)),
    ];
    const ressalvas = { n: anosRessalva.length, de: anosParecer.length, quais };
    // staleness
    const itrRef = doc.ultimo_itr_referencia;
    const anoDfp = Number(doc.ultimo_dfp_referencia.slice(0, 4));
    const defasagem = {
      ultimo_dfp_referencia: doc.ultimo_dfp_referencia,
      ultimo_dfp_recebido: doc.ultimo_dfp_recebido,
      ultimo_itr_referencia: itrRef,
      ultimo_trimestre: itrRef === null ? null : trimestre(itrRef),
      anos_entre_indicador_e_balanco: Math.max(0, anoDfp - ano),
    };

    const motivos: Motivo[] = [];
    if (anosRessalva.includes(ano))
      motivos.push({
        cor: 'vermelho',
        pt: `O parecer do auditor sobre o DFP de ${ano} é com ressalva, adverso ou com abstenção de opinião.`,
        en: `The auditor's opinion on the ${ano} DFP is qualified, adverse or a disclaimer.`,
      });
    const recentes = anosReap.filter((a) => a > ano - ANOS_REAPRESENTACAO_RECENTE && a <= ano);
    if (recentes.length > 0)
      motivos.push({
        cor: 'amarelo',
        pt: `Valores reapresentados no DFP seguinte em ${recentes.join(', ')}.`,
        en: `Values restated in the next DFP for ${recentes.join(', ')}.`,
      });
    const outrasRessalvas = anosRessalva.filter((a) => a !== ano);
    if (outrasRessalvas.length > 0)
      motivos.push({
        cor: 'amarelo',
        pt: `Parecer do auditor com ressalva, adverso ou com abstenção em ${outrasRessalvas.join(', ')}.`,
        en: `Qualified, adverse or disclaimer auditor's opinion in ${outrasRessalvas.join(', ')}.`,
      });
    if (defasagem.anos_entre_indicador_e_balanco >= 1)
      motivos.push({
        cor: 'amarelo',
        pt: `Os indicadores são de ${ano}, mas o DFP mais recente da empresa é de ${anoDfp}.`,
        en: `The indicators are for ${ano}, but the company's latest DFP is for ${anoDfp}.`,
      });
    if (anoMaisRecente - anoDfp >= ANOS_DEFASAGEM_UNIVERSO)
      motivos.push({
        cor: 'amarelo',
        pt: `O DFP mais recente da empresa é de ${anoDfp}; o mais recente publicado por alguma empresa é de ${anoMaisRecente}.`,
        en: `The company's latest DFP is for ${anoDfp}; the latest any company filed is for ${anoMaisRecente}.`,
      });
    // a number that does not apply to the company's chart of accounts (banks, insurers) is not missing
    const aplicaveis = ITENS_VEREDITO.filter(
      (n) => !separarFlags(itens[n].flag).includes('plano_financeiro_nao_aplicavel'),
    ).length;
    if (numeros < Math.min(MINIMO_NUMEROS, aplicaveis))
      motivos.push({
        cor: 'amarelo',
        pt: `${numeros} dos ${aplicaveis} números aplicáveis de ${ano} têm valor; os outros trazem a flag que explica.`,
        en: `${numeros} of the ${aplicaveis} applicable numbers for ${ano} have a value; the others carry the flag that explains why.`,
      });
    const cor = motivos.some((m) => m.cor === 'vermelho')
      ? 'vermelho'
      : motivos.length > 0
        ? 'amarelo'
        : 'verde';

    const t = emp.ticker_atual;
    out.push({
      empresa: { cd_regulator: cd, ticker: t, pedido: t, nome: emp.nome, setor: emp.setor, tipo: emp.tipo },
      ano,
      modo: 'fato',
      ...fraseTopo(ano, itens),
      perguntas: PERGUNTAS,
      itens,
      bandeira: {
        cor,
        texto: TEXTO_COR[cor].pt,
        texto_en: TEXTO_COR[cor].en,
        motivos: motivos.map((m) => m.pt),
        motivos_en: motivos.map((m) => m.en),
        reapresentacoes,
        ressalvas,
        defasagem,
        numeros_publicados: numeros,
      },
      versao_do_dado,
      apurado_em,
      nota: 'Descritivo e determinístico, sem IA: faixas, medianas e posições seguem regras fixas (docs/veredito.md). Não é recomendação.',
      nota_en:
        'Descriptive and deterministic, no AI: bands, medians and positions follow fixed rules (docs/veredito.md). Not advice.',
      pagina: `/acoes/${t}`,
      metodologia: '/metodologia',
      citacao: citacao(
        versao_do_dado,
        `DFP e ITR (índices, demonstrações e parecer) da empresa ${cd}; COTAHIST (P/L e P/VP)`,
      ),
    });
  }
  return out;
}

function trimestre(ref: string): string {
  const mes = Number(ref.slice(5, 7));
  return `${ref.slice(0, 4)}T${Math.min(3, Math.max(1, Math.ceil(mes / 3)))}`;
}

async function publicarVereditos(ctx: BuildContext): Promise<ManifestEntry[]> {
  const vereditos = montarVereditos(await carregarEntrada(ctx.db), ctx.versao_do_dado, ctx.data_build);
  const out: ManifestEntry[] = [];
  for (const data of vereditos) {
    const cd = data.empresa.cd_regulator;
    out.push(
      await ctx.writer.json({
        name: `veredito_${cd}`,
        ...escrita(ARTEFATOS.veredito, { cd }),
        data,
      }),
    );
  }
  const cores = { verde: 0, amarelo: 0, vermelho: 0 };
  for (const v of vereditos) cores[v.bandeira.cor]++;
  ctx.report.note(
    'publicacao_veredito',
    `${vereditos.length} vereditos: ${cores.verde} verde, ${cores.amarelo} amarelo, ${cores.vermelho} vermelho`,
  );
  return out;
}

/** After the market marts and the scores: reads indicators, annual multiples and restatements. */
export const vereditoStage: Stage = { name: 'publicacao_veredito', run: publicarVereditos };
