/**
 * The search's matching rules, written once: the server's /procurar (edge-api/src/paginas/procurar.ts)
 * calls these functions, and the shell's script (busca-script.ts) carries their source text, taken with
 * `String(fn)`, so the box as you type and the results page match and order alike.
 *
 * Because their text runs in the browser as it is, each function is self-contained: no imports, no
 * reference to another top-level name (`lerConsulta` takes the normaliser as an argument), no named inner
 * functions (a bundler keeping names would wrap them in a helper the page lacks), plain ES2020.
 */

/** Lower case without accents (NFD, marks dropped): "ENERGÉTICA" and "energetica" compare equal. */
export function normalizar(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A query read once: as a trading-code prefix, as a number (CVM code or CNPJ), as name words. */
export interface ConsultaDaBusca {
  /** Upper case, for code prefixes. */
  codigo: string;
  ehCodigo: boolean;
  /** Without spaces, dots, slashes and dashes: a formatted CNPJ becomes its digits. */
  digitos: string;
  ehNumero: boolean;
  /** Normalised words (letters and digits), every one of which a name must contain. */
  palavras: string[];
}

/** Null for a blank query. */
export function lerConsulta(q: string, normalizar: (s: string) => string): ConsultaDaBusca | null {
  const texto = q.trim();
  if (texto === '') return null;
  const codigo = texto.toUpperCase();
  const digitos = texto.replace(/[\s./-]/g, '');
  return {
    codigo,
    ehCodigo: /^[A-Z0-9]+$/.test(codigo),
    digitos,
    ehNumero: /^\d+$/.test(digitos),
    palavras: normalizar(texto)
      .split(/[^a-z0-9]+/)
      .filter((p) => p !== ''),
  };
}

/** What the search compares of an asset. */
export interface CandidatoDaBusca {
  /** Its trading codes (old ones included where known). */
  codigos: string[];
  /** CVM code (companies), else null. */
  cvm: number | null;
  /** CNPJ digits only, or null. */
  cnpj: string | null;
  /** The name, normalised (`normalizar`). */
  chave: string;
}

/**
 * Where an asset ranks for a query, best first: 0 a trading-code prefix, 1 the CVM code or the CNPJ (at
 * least the 8-digit root), 2 every word in the name; null when it does not match.
 */
export function ordemNaBusca(c: ConsultaDaBusca, k: CandidatoDaBusca): 0 | 1 | 2 | null {
  if (c.ehCodigo && k.codigos.some((x) => x.startsWith(c.codigo))) return 0;
  if (
    c.ehNumero &&
    (Number(c.digitos) === k.cvm ||
      (c.digitos.length >= 8 && k.cnpj !== null && k.cnpj.startsWith(c.digitos)))
  )
    return 1;
  if (c.palavras.length > 0 && c.palavras.every((p) => k.chave.includes(p))) return 2;
  return null;
}

/** The order results are listed in: rank, then code. */
export function compararNaBusca(
  a: { ordem: number; codigo: string },
  b: { ordem: number; codigo: string },
): number {
  return a.ordem - b.ordem || a.codigo.localeCompare(b.codigo);
}

/**
 * The functions above as browser JavaScript, each bound to its own name (object keys, which a minifier
 * keeps, not `Function.name`, which it may change), for the shell's script.
 */
export const FONTE_DA_BUSCA = Object.entries({ normalizar, lerConsulta, ordemNaBusca, compararNaBusca })
  .map(([nome, f]) => `const ${nome} = ${String(f)};`)
  .join('\n');
