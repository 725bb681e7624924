import { ARTEFATOS } from './catalogo.ts';

/**
 * Packs: per-value JSON artefacts published together, one object per company, instead of one object per
 * value (a full-scale publication had ~150,000 lineage files; object stores charge and upload per object).
 *
 * A member keeps its own path (`json/empresas/906/linhagem/2023/roe.json`) and its own bytes: the API
 * answers exactly what the single file held (same body, same sha256 as ETag). Only the storage changes:
 * the manifest lists the pack (`json/empresas/906/linhagem/pacote.tsv`), never the members.
 *
 * Layout of a pack (format `text`, UTF-8): a header line `chave\tjson`, then one line per member,
 * `<chave>\t<the member's JSON>`, members sorted by key. `chave` is the member path below the pack's
 * folder without `.json` (`2023/roe`). JSON.stringify escapes tabs and newlines inside strings and adds
 * no whitespace, so the first tab and the line end delimit a member without parsing the pack.
 * A member's bytes are its JSON text plus `\n`, as every JSON artefact is written.
 */

export const NOME_DO_PACOTE = 'pacote.tsv';

/** Folders (below a company) whose `.json` files are published packed: the catalogue's packed entries. */
const PASTAS_EMPACOTADAS = Object.values(ARTEFATOS).flatMap((a) => {
  const m = a.pacote && /^json\/empresas\/\{cd\}\/(.+)\/pacote\.tsv$/.exec(a.pacote.modelo);
  if (a.pacote && !m?.[1]) throw new Error(`${a.pacote.modelo}: a pack lives in a company folder`);
  return m?.[1] ? [m[1]] : [];
});
const CABECALHO = 'chave\tjson\n';

const MEMBRO = new RegExp(
  `^(json/empresas/\\d+/(?:${PASTAS_EMPACOTADAS.join('|')}))/([a-z0-9_]+(?:/[a-z0-9_]+)?)\\.json$`,
);

export interface Membro {
  /** Path of the pack artefact, as the manifest lists it. */
  pacote: string;
  chave: string;
}

/** Where the member at `caminho` is stored, or null when that path is published as its own object. */
export function membroDe(caminho: string): Membro | null {
  const m = MEMBRO.exec(caminho);
  if (!m?.[1] || !m[2]) return null;
  return { pacote: `${m[1]}/${NOME_DO_PACOTE}`, chave: m[2] };
}

/** The path a member had as its own file (the inverse of `membroDe`). */
export function caminhoDoMembro(pacote: string, chave: string): string {
  return `${pacote.slice(0, -NOME_DO_PACOTE.length)}${chave}.json`;
}

/** The pack's text from members' JSON texts (each without its trailing newline), keyed by `chave`. */
export function textoDoPacote(membros: ReadonlyArray<readonly [chave: string, json: string]>): string {
  const ordenados = [...membros].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let texto = CABECALHO;
  let anterior: string | null = null;
  for (const [chave, json] of ordenados) {
    if (!/^[a-z0-9_]+(\/[a-z0-9_]+)?$/.test(chave)) throw new Error(`pack key ${JSON.stringify(chave)}`);
    if (chave === anterior) throw new Error(`pack key ${chave} twice`);
    if (json.includes('\n') || json.includes('\t')) throw new Error(`pack member ${chave}: not one line`);
    texto += `${chave}\t${json}\n`;
    anterior = chave;
  }
  return texto;
}

/** The member's bytes as its own file would hold them (JSON plus `\n`), or null when the pack lacks it. */
export function membroDoPacote(texto: string, chave: string): string | null {
  if (!texto.startsWith(CABECALHO)) throw new Error('not a pack: the header line is missing');
  const inicio = texto.indexOf(`\n${chave}\t`);
  if (inicio < 0) return null;
  const json = inicio + chave.length + 2;
  const fim = texto.indexOf('\n', json);
  return texto.slice(json, fim < 0 ? texto.length : fim + 1);
}

/** Every member of a pack as [chave, bytes], in the pack's order. */
export function membrosDoPacote(texto: string): Array<[string, string]> {
  if (!texto.startsWith(CABECALHO)) throw new Error('not a pack: the header line is missing');
  const out: Array<[string, string]> = [];
  for (const linha of texto.slice(CABECALHO.length).split('\n')) {
    if (linha === '') continue;
    const tab = linha.indexOf('\t');
    out.push([linha.slice(0, tab), `${linha.slice(tab + 1)}\n`]);
  }
  return out;
}
