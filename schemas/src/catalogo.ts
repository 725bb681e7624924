import { z } from 'zod';
import { AuditoriaDepAmortSchema, LinhaUniversoSchema } from './auditoria.ts';
import { BuildReportSchema } from './build-report.ts';
import { ComparacaoSchema } from './comparacao.ts';
import { ConjuntosSchema } from './conjuntos.ts';
import { DesafioSchema } from './desafio.ts';
import { DicionarioSchema } from './dicionario.ts';
import { DividendosSchema } from './dividendos.ts';
import { DownloadLogEntrySchema } from './downloads.ts';
import { EmpresaIndiceSchema, EmpresasListaSchema } from './empresa.ts';
import { EtfListaSchema, EtfRecursoSchema } from './etfs.ts';
import { VigiaEventosArtefatoSchema } from './eventos.ts';
import { FatosEmpresaSchema, FatosTrimestraisEmpresaSchema } from './fatos.ts';
import { FiiListaSchema, FiiRecursoSchema } from './fiis.ts';
import { HojeSchema } from './hoje.ts';
import { IndicadorEmpresaSchema } from './indicador.ts';
import { IndicadoresSchema } from './indicadores.ts';
import { LinhagemSchema } from './linhagem.ts';
import type { ManifestEntry } from './manifest.ts';
import { MultiplosDeClasseSchema, MultiplosSchema } from './multiplos.ts';
import { PrecosEmpresaSchema } from './precos.ts';
import { QuantoRendeuSchema } from './quanto-rendeu.ts';
import { ReapresentacoesEmpresaSchema, ReapresentacoesFiiSchema } from './reapresentacoes.ts';
import { ScoresEmpresaSchema } from './scores.ts';
import { ClassificacaoFlagsPlSchema, ScreenerSnapshotSchema } from './screener-snapshot.ts';
import { TickersSchema } from './tickers.ts';
import { TrimestresSchema } from './trimestres.ts';
import { VereditoSchema } from './veredito.ts';

/**
 * The artefact catalogue: every file a build publishes, written once. Each entry gives the path
 * template, the zod schema, the format and, for packed artefacts, the pack that stores it. The
 * pipeline's writers, the worker's reader, the site's loaders, `ESQUEMAS`, the manifest's `schema`
 * names (the entry's key, one spelling) and the table in docs/architecture.md all come from here.
 * Adding an artefact is one entry here plus the mart that writes it (docs/architecture.md).
 *
 * A template names its parameters in braces (`json/empresas/{cd}/index.json`); each parameter has one
 * pattern (`PARAMETROS`), so a path is recognised by exactly one entry (a test checks the sample build).
 */

/** What each template parameter may hold; written once, so every template reads the same. */
export const PARAMETROS = {
  /** CVM company code. */
  cd: '\\d+',
  /** B3 trading code of a fund, an ETF or a live share class. */
  ticker: '[A-Z0-9]+',
  /** Fiscal year. */
  ano: '\\d{4}',
  /** Indicator name (schemas/src/indicadores.ts). */
  indicador: '[a-z0-9_]+',
  /** Bulk set name: never a staging table's (`stg_*`, `_quarantine`), so the two Parquet folders stay apart. */
  conjunto: '(?!stg_)[a-z][a-z0-9_]*',
  /** Staging table name. */
  tabela: 'stg_[a-z0-9_]+|_quarantine',
  /** One raw input's part of a staging table: its path under the raw folder, `parteDoArquivo`. */
  parte: '[A-Za-z0-9][A-Za-z0-9._-]*',
} as const;

/**
 * The one part of a staged table no raw input fed: empty, so the table's columns are still published and
 * a reader of its parts finds a file. No input's part has this name (`parteDoArquivo`).
 */
export const PARTE_SEM_ENTRADA = 'sem-entrada';

/**
 * The `{parte}` of a raw input (`b3/cotahist/COTAHIST_A2010.ZIP` → `b3_cotahist_COTAHIST_A2010.ZIP`): its
 * path under the raw folder with every run of other characters made one `_`. Two inputs could meet on one
 * name; the writer refuses that rather than overwrite a part.
 */
export function parteDoArquivo(arquivo: string): string {
  const parte = arquivo.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '');
  if (!new RegExp(`^(${PARAMETROS.parte})$`).test(parte) || parte === PARTE_SEM_ENTRADA)
    throw new Error(`${arquivo}: no part name can be made of this path`);
  return parte;
}
export type Parametro = keyof typeof PARAMETROS;

type NomesDe<T extends string> = T extends `${string}{${infer P}}${infer R}` ? P | NomesDe<R> : never;
/** The parameters of a template, typed from its text: `{cd}` asks for `cd`. */
export type ParametrosDe<T extends string> = { readonly [K in NomesDe<T>]: string | number };
export type ArgumentosDe<T extends string> = [NomesDe<T>] extends [never] ? [] : [ParametrosDe<T>];

/** How a build stores an artefact: the manifest's `format`. */
export type Formato = ManifestEntry['format'];

export interface Artefato<T extends string = string, S extends z.ZodType = z.ZodType> {
  /** The entry's key: the manifest's `schema` for every file of this entry. */
  readonly nome: string;
  readonly modelo: T;
  /** The path for these parameters (a value outside its parameter's pattern gives a path of no entry). */
  caminho(...p: ArgumentosDe<T>): string;
  /** Matches the paths of this entry (and only them); named groups hold the parameters. */
  readonly padrao: RegExp;
  /**
   * json: the whole file; text: one line (a non-empty line of the file); csv/parquet: one row is
   * described by the build's column dictionary (`conjuntos`), so this is the dictionary's entry.
   */
  readonly schema: S;
  readonly formato: Formato;
  /** Packed artefacts: the pack that stores every member of one company (schemas/src/pacotes.ts). */
  readonly pacote: {
    readonly modelo: string;
    readonly padrao: RegExp;
    caminho(p: ParametrosDe<T>): string;
  } | null;
  /** What it holds, one line (docs/architecture.md's table). */
  readonly descricao: string;
  /** Which route or page reads it (docs/architecture.md's table). */
  readonly lidoPor: string;
}

const PARAMETRO = /\{([a-z]+)\}/g;

function padraoDe(modelo: string): RegExp {
  let fonte = '';
  let ultimo = 0;
  for (const m of modelo.matchAll(PARAMETRO)) {
    const nome = m[1] as Parametro;
    const p = PARAMETROS[nome];
    if (p === undefined) throw new Error(`catalogue template ${modelo}: unknown parameter {${nome}}`);
    fonte += `${escapar(modelo.slice(ultimo, m.index))}(?<${nome}>${p})`;
    ultimo = m.index + m[0].length;
  }
  return new RegExp(`^${fonte}${escapar(modelo.slice(ultimo))}$`);
}

function escapar(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function preencher(modelo: string, p: Record<string, string | number> | undefined): string {
  return modelo.replace(PARAMETRO, (_, nome: string) => {
    const v = p?.[nome];
    if (v === undefined) throw new Error(`catalogue template ${modelo}: parameter ${nome} missing`);
    // Not checked against its pattern here: readers pass what a request asked for, and a path no entry
    // recognises is simply not in the manifest (a 404). Writers check it (`escrita`).
    return String(v);
  });
}

interface Opcoes {
  descricao: string;
  lidoPor: string;
  /** Packed: the pack's template (its parameters are a subset of the member's). */
  pacote?: string;
}

function artefato<const T extends string, S extends z.ZodType>(
  nome: string,
  modelo: T,
  formato: Formato,
  schema: S,
  o: Opcoes,
): Artefato<T, S> {
  const pacote = o.pacote;
  return {
    nome,
    modelo,
    caminho: (...p: ArgumentosDe<T>) => preencher(modelo, p[0]),
    padrao: padraoDe(modelo),
    schema,
    formato,
    pacote:
      pacote === undefined
        ? null
        : { modelo: pacote, padrao: padraoDe(pacote), caminho: (p: ParametrosDe<T>) => preencher(pacote, p) },
    descricao: o.descricao,
    lidoPor: o.lidoPor,
  };
}

/**
 * The bulk sets `{conjunto}` ranges over, each with its columns (name, type, meaning) in file order: the
 * dictionary `json/conjuntos.json` is this declaration (schemas/src/catalogo-conjuntos.ts).
 */
export { CONJUNTOS_DECLARADOS, entradaDoDicionario } from './catalogo-conjuntos.ts';

/** Row of a bulk set in the column dictionary: a set's columns are published in `json/conjuntos.json`. */
const ColunasDoConjuntoSchema = ConjuntosSchema.shape.conjuntos.element;

/** A JSON Lines line: the text parsed, so the line's schema can follow with `.pipe`. */
const LinhaJsonSchema = z.string().transform((linha, ctx): unknown => {
  try {
    return JSON.parse(linha);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not one JSON value' });
    return z.NEVER;
  }
});

/** Defines the entries with their keys as names (the key is written once). */
function catalogo<const C extends Record<string, (nome: string) => Artefato>>(
  c: C,
): { readonly [K in keyof C]: ReturnType<C[K]> } {
  return Object.fromEntries(Object.entries(c).map(([k, f]) => [k, f(k)])) as {
    readonly [K in keyof C]: ReturnType<C[K]>;
  };
}

/*
 * Keys shared with `ESQUEMAS` (json-schema.ts) name the same schema there, so the OpenAPI components keep
 * their names. Order: build-wide files, then per company, per fund, per ETF, bulk sets, build files.
 */
export const ARTEFATOS = catalogo({
  empresas: (n) =>
    artefato(n, 'json/empresas.json', 'json', EmpresasListaSchema, {
      descricao: 'every company with a page: code, name, main ticker, sector',
      lidoPor: '`/empresas`, search, site lists',
    }),
  tickers: (n) =>
    artefato(n, 'json/tickers.json', 'json', TickersSchema, {
      descricao: 'every trading code ever used → company and current code',
      lidoPor: 'redirects of old codes (API and pages)',
    }),
  dicionario: (n) =>
    artefato(n, 'json/dicionario.json', 'json', DicionarioSchema, {
      descricao: 'field and flag meanings (pt/en)',
      lidoPor: '`/dicionario`, method page',
    }),
  conjuntos: (n) =>
    artefato(n, 'json/conjuntos.json', 'json', ConjuntosSchema, {
      descricao: 'column dictionary of every bulk set',
      lidoPor: '`/dump`',
    }),
  desafio: (n) =>
    artefato(n, 'json/desafio.json', 'json', DesafioSchema, {
      descricao: 'curated challenge cases with their published values',
      lidoPor: '`/desafio`',
    }),
  hoje: (n) =>
    artefato(n, 'json/hoje.json', 'json', HojeSchema, {
      descricao: 'what changed in recent days (filings, restatements, prices)',
      lidoPor: '`/hoje`',
    }),
  screener_snapshot: (n) =>
    artefato(n, 'json/screener.json', 'json', ScreenerSnapshotSchema, {
      descricao: 'latest indicators and multiples of every company, one row each',
      lidoPor: '`/screener`',
    }),
  comparacao: (n) =>
    artefato(n, 'json/mercado/comparacao.json', 'json', ComparacaoSchema, {
      descricao: 'liquidity, comparable sectors and small caps (mart_site_*)',
      lidoPor: 'site: sector comparison, small caps',
    }),
  classificacao_flags_pl: (n) =>
    artefato(n, 'json/mercado/classificacao-flags-pl.json', 'json', ClassificacaoFlagsPlSchema, {
      descricao: 'how many P/E values carry each flag',
      lidoPor: 'methodology review',
    }),
  eventos: (n) =>
    artefato(n, 'json/vigia/eventos.json', 'json', VigiaEventosArtefatoSchema, {
      descricao: 'every watcher event of the build, newest first',
      lidoPor: '`/vigia/eventos`',
    }),
  fiis: (n) =>
    artefato(n, 'json/fiis.json', 'json', FiiListaSchema, {
      descricao: 'every REIT for search',
      lidoPor: '`/fiis`, search',
    }),
  etfs: (n) =>
    artefato(n, 'json/etfs.json', 'json', EtfListaSchema, {
      descricao: 'every listed ETF',
      lidoPor: '`/etfs`, search',
    }),
  empresa: (n) =>
    artefato(n, 'json/empresas/{cd}/index.json', 'json', EmpresaIndiceSchema, {
      descricao: "one company's index: codes, registry, what it publishes",
      lidoPor: '`/empresas/{t}`, company page',
    }),
  indicadores: (n) =>
    artefato(n, 'json/empresas/{cd}/indicadores.json', 'json', IndicadoresSchema, {
      descricao: 'every indicator of every year',
      lidoPor: '`/empresas/{t}/indicadores`, company page',
    }),
  fatos: (n) =>
    artefato(n, 'json/empresas/{cd}/fatos.json', 'json', FatosEmpresaSchema, {
      descricao: 'the annual statement lines the indicators use',
      lidoPor: '`/empresas/{t}/fatos`',
    }),
  fatos_trimestrais: (n) =>
    artefato(n, 'json/empresas/{cd}/fatos_trimestrais.json', 'json', FatosTrimestraisEmpresaSchema, {
      descricao: 'the quarterly statement lines',
      lidoPor: '`/empresas/{t}/fatos?trimestral=true`',
    }),
  reapresentacoes: (n) =>
    artefato(n, 'json/empresas/{cd}/reapresentacoes.json', 'json', ReapresentacoesEmpresaSchema, {
      descricao: 'values that changed between filed versions',
      lidoPor: '`/empresas/{t}/reapresentacoes`',
    }),
  multiplos: (n) =>
    artefato(n, 'json/empresas/{cd}/multiplos.json', 'json', MultiplosSchema, {
      descricao: 'price multiples per year',
      lidoPor: '`/empresas/{t}/multiplos`',
    }),
  multiplos_classe: (n) =>
    artefato(n, 'json/empresas/{cd}/classes/{ticker}/multiplos.json', 'json', MultiplosDeClasseSchema, {
      descricao: "a live class's multiples: the company's plus its own price, volume and per-share multiples",
      lidoPor: '`/empresas/{t}/multiplos` for a live class other than the main code, its company page',
    }),
  dividendos: (n) =>
    artefato(n, 'json/empresas/{cd}/dividendos.json', 'json', DividendosSchema, {
      descricao: 'cash distributions, yield and payout',
      lidoPor: '`/empresas/{t}/dividendos`',
    }),
  trimestres: (n) =>
    artefato(n, 'json/empresas/{cd}/trimestres.json', 'json', TrimestresSchema, {
      descricao: 'quarterly indicators',
      lidoPor: '`/empresas/{t}/trimestres`',
    }),
  precos: (n) =>
    artefato(n, 'json/empresas/{cd}/precos.json', 'json', PrecosEmpresaSchema, {
      descricao: 'raw close series of every trading code',
      lidoPor: '`/empresas/{t}/precos`',
    }),
  quanto_rendeu: (n) =>
    artefato(n, 'json/empresas/{cd}/quanto-rendeu.json', 'json', QuantoRendeuSchema, {
      descricao: 'what 1,000 BRL invested became',
      lidoPor: 'page `/quanto-rendeu/{ticker}`',
    }),
  scores: (n) =>
    artefato(n, 'json/empresas/{cd}/scores.json', 'json', ScoresEmpresaSchema, {
      descricao: 'F-score and value score',
      lidoPor: '`/empresas/{t}/scores`',
    }),
  veredito: (n) =>
    artefato(n, 'json/empresas/{cd}/veredito.json', 'json', VereditoSchema, {
      descricao: 'the deterministic verdict',
      lidoPor: '`/empresas/{t}/veredito`, company page',
    }),
  indicador: (n) =>
    artefato(n, 'json/empresas/{cd}/indicadores/{indicador}.json', 'json', IndicadorEmpresaSchema, {
      descricao: "one indicator's series",
      lidoPor: '`/empresas/{t}/indicadores/{nome}`',
      pacote: 'json/empresas/{cd}/indicadores/pacote.tsv',
    }),
  linhagem: (n) =>
    artefato(n, 'json/empresas/{cd}/linhagem/{ano}/{indicador}.json', 'json', LinhagemSchema, {
      descricao: 'how one value was computed, down to the filed lines',
      lidoPor: '`/empresas/{t}/linhagem/{ano}/{indicador}`, audit sample',
      pacote: 'json/empresas/{cd}/linhagem/pacote.tsv',
    }),
  auditoria_dep_amort: (n) =>
    artefato(n, 'json/empresas/{cd}/auditoria/dep_amort/{ano}.json', 'json', AuditoriaDepAmortSchema, {
      descricao: 'every candidate D&A line with its decision',
      lidoPor: '`/auditoria/dep_amort/{t}/{ano}`',
      pacote: 'json/empresas/{cd}/auditoria/dep_amort/pacote.tsv',
    }),
  fii: (n) =>
    artefato(n, 'json/fiis/{ticker}/index.json', 'json', FiiRecursoSchema, {
      descricao: "one REIT's registry, reports and distributions",
      lidoPor: '`/fiis/{ticker}`, REIT page',
    }),
  fii_reapresentacoes: (n) =>
    artefato(n, 'json/fiis/{ticker}/reapresentacoes.json', 'json', ReapresentacoesFiiSchema, {
      descricao: "a REIT's restated report values",
      lidoPor: '`/fiis/{ticker}/reapresentacoes`',
    }),
  etf: (n) =>
    artefato(n, 'json/etfs/{ticker}/index.json', 'json', EtfRecursoSchema, {
      descricao: "one ETF's registry, returns and premium",
      lidoPor: '`/etfs/{ticker}`, ETF page',
    }),
  universo_auditoria: (n) =>
    artefato(n, 'auditoria/universo.txt', 'text', LinhaUniversoSchema, {
      descricao: 'every value with lineage, one `cd|ano|indicador` per line',
      lidoPor: '`/auditoria/universo`, `/auditoria/amostra`',
    }),
  downloads: (n) =>
    artefato(n, 'auditoria/downloads.jsonl', 'text', LinhaJsonSchema.pipe(DownloadLogEntrySchema), {
      descricao: 'the download log of the raw files (one JSON attempt per line)',
      lidoPor: 'audit trail',
    }),
  conjunto_csv: (n) =>
    artefato(n, 'csv/{conjunto}.csv', 'csv', ColunasDoConjuntoSchema, {
      descricao: 'a bulk set as CSV (columns in `conjuntos`)',
      lidoPor: '`/dump/{conjunto}.csv`',
    }),
  conjunto_parquet: (n) =>
    artefato(n, 'parquet/{conjunto}.parquet', 'parquet', ColunasDoConjuntoSchema, {
      descricao: 'the same bulk set as Parquet (typed, ZSTD)',
      lidoPor: '`/dump/{conjunto}.parquet`',
    }),
  staging: (n) =>
    artefato(n, 'parquet/{tabela}.parquet', 'parquet', z.never(), {
      descricao: 'the rows staging set aside (`_quarantine`), each with its file, line and reason',
      lidoPor: 'anyone re-running a mart',
    }),
  staging_parte: (n) =>
    artefato(n, 'parquet/{tabela}/{parte}.parquet', 'parquet', z.never(), {
      descricao:
        "one raw input's rows of a staged source table as read (types from its reader); the table is its parts less the cross-file duplicates `_quarantine` names",
      lidoPor: 'anyone re-running a mart',
    }),
  relatorio: (n) =>
    artefato(n, 'report.json', 'json', BuildReportSchema, {
      descricao: 'what the build read, set aside and checked',
      lidoPor: '`/qualidade`',
    }),
});

export type NomeArtefato = keyof typeof ARTEFATOS;
const TODOS: readonly Artefato[] = Object.values(ARTEFATOS);

/** The entry whose template matches `path` (or whose pack does, for a pack listed in a manifest). */
export interface Identificado {
  artefato: Artefato;
  parametros: Record<string, string>;
  /** The path is the pack that stores members of `artefato`, not a member. */
  comoPacote: boolean;
}

/** Every entry that recognises `path` (exactly one for a well-formed build). */
export function identificarTodos(path: string): Identificado[] {
  const out: Identificado[] = [];
  for (const a of TODOS) {
    const m = a.padrao.exec(path);
    if (m) out.push({ artefato: a, parametros: { ...m.groups }, comoPacote: false });
    const p = a.pacote?.padrao.exec(path);
    if (p) out.push({ artefato: a, parametros: { ...p.groups }, comoPacote: true });
  }
  return out;
}

/** The one entry that recognises `path`, or null. */
export function identificar(path: string): Identificado | null {
  const todos = identificarTodos(path);
  return todos.length === 1 ? (todos[0] ?? null) : null;
}

/** The manifest's `format` of a file of this entry: a pack is text whatever its members are. */
export function formatoNoManifesto(i: Identificado): Formato {
  return i.comoPacote ? 'text' : i.artefato.formato;
}

/**
 * What a writer needs for one file of an entry: path, schema and the manifest's `schema` name, spread
 * into `ctx.writer.json({ name, ...escrita(ARTEFATOS.empresa, { cd }), data })`.
 */
export function escrita<T extends string, S extends z.ZodType>(
  a: Artefato<T, S>,
  ...p: ArgumentosDe<T>
): { path: string; schemaName: string; schema: S } {
  const path = a.caminho(...p);
  // A value outside its pattern would publish a file no entry (and so no reader) recognises.
  if (!a.padrao.test(path))
    throw new Error(`${path}: not a path of the catalogue entry ${a.nome} (${a.modelo})`);
  return { path, schemaName: a.nome, schema: a.schema };
}

/** The folder of one company's artefacts; routes name a resource by its path below it. */
const PASTA_DA_EMPRESA = 'json/empresas/{cd}/';

/**
 * The path of a per-company artefact named as the API's routes name it (`index`, `veredito`,
 * `linhagem/2023/roe`, `indicadores/roe`). A name no entry knows gives a path no manifest lists (a 404).
 */
export function caminhoDaEmpresa(cd: number | string, recurso: string): string {
  return `${preencher(PASTA_DA_EMPRESA, { cd })}${recurso}.json`;
}
