/**
 * The audit sampling scheme `sha256-menores-v1`, reproducible in any language:
 * 1. universe = the non-empty lines of `auditoria/universo.txt` (`cd_regulator|exercicio|indicador`),
 *    duplicates removed;
 * 2. each line gets the key `sha256_hex("<seed>|<line>")` (UTF-8, seed in decimal without leading zeros);
 * 3. the sample is the n lines with the smallest keys (hex string order; ties, impossible in practice,
 *    by the line), in that order.
 * Same seed + same universe → same sample; a bigger n extends a smaller one (its first lines are the same).
 */
export const ESQUEMA_SORTEIO = 'sha256-menores-v1';

export const DESCRICAO_ESQUEMA =
  'Universo = linhas não vazias de /auditoria/universo (sem repetição). Para cada linha, chave = sha256 hex de "<seed>|<linha>" em UTF-8 (seed em decimal, sem zeros à esquerda). A amostra são as n linhas de menor chave (ordem das strings hex), nessa ordem.';

const encoder = new TextEncoder();

async function sha256Hex(texto: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(texto)));
  let s = '';
  for (const b of d) s += b.toString(16).padStart(2, '0');
  return s;
}

export interface Sorteada {
  linha: string;
  chave: string;
}

export function linhasDoUniverso(texto: string): string[] {
  return [...new Set(texto.split(/\r?\n/).filter((l) => l.trim() !== ''))];
}

export async function sortear(universo: readonly string[], seed: number, n: number): Promise<Sorteada[]> {
  const chaves = await Promise.all(
    universo.map(async (linha) => ({ linha, chave: await sha256Hex(`${seed}|${linha}`) })),
  );
  chaves.sort((a, b) =>
    a.chave < b.chave ? -1 : a.chave > b.chave ? 1 : a.linha < b.linha ? -1 : a.linha > b.linha ? 1 : 0,
  );
  return chaves.slice(0, n);
}
