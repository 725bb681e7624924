import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { BuildContext } from '../../core/stage.ts';

/** Where a bulk set is published in each format (docs/architecture.md; `/dump` serves both). */
export const CAMINHO_CONJUNTO = {
  parquet: (conjunto: string) => ARTEFATOS.conjunto_parquet.caminho({ conjunto }),
  csv: (conjunto: string) => ARTEFATOS.conjunto_csv.caminho({ conjunto }),
} as const;

/** Writes each set as Parquet and as CSV from the same SQL, so the two copies hold the same rows. */
export async function escreverConjuntos(
  ctx: Pick<BuildContext, 'writer'>,
  conjuntos: Record<string, string>,
): Promise<ManifestEntry[]> {
  const out: ManifestEntry[] = [];
  for (const [nome, sql] of Object.entries(conjuntos)) {
    out.push(
      await ctx.writer.parquet({
        name: `parquet_${nome}`,
        path: CAMINHO_CONJUNTO.parquet(nome),
        schemaName: ARTEFATOS.conjunto_parquet.nome,
        sql,
      }),
    );
    out.push(
      await ctx.writer.csv({
        name: `csv_${nome}`,
        path: CAMINHO_CONJUNTO.csv(nome),
        schemaName: ARTEFATOS.conjunto_csv.nome,
        sql,
      }),
    );
  }
  return out;
}
