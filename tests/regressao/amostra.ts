import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { type Resumo, resumirPublicacao } from '@fundamentos/pipeline/testing/resumo';

/** The committed summary of the sample publication (the regression net's reference). */
export const RESUMO_AMOSTRA = fileURLToPath(new URL('./resumo-amostra.json', import.meta.url));
/** The one command that rewrites it after a deliberate change (root package.json). */
export const ATUALIZAR = 'npx -y pnpm@10 regressao:atualizar';

/** The summary of the shared sample build (built once per content hash, see testing/amostra.ts). */
export async function resumoDaAmostra(): Promise<Resumo> {
  return resumirPublicacao(join(await amostraPublicada(), 'current'));
}

/** Two-space JSON with a final newline, as Biome formats it, so the committed file stays as written. */
export const serializar = (r: Resumo): string => `${JSON.stringify(r, null, 2)}\n`;
