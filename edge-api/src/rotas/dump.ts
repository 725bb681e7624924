import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { type Conjuntos, ConjuntosSchema } from '@fundamentos/schemas/conjuntos';
import { type DumpIndice, DumpIndiceSchema } from '@fundamentos/schemas/dump';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { Hono } from 'hono';
import { z } from 'zod';
import { buildAtual, cabecalhosDoArtefato, jsonDoBuild, lerArtefato } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import { chaveDoObjeto } from '../publicacao/layout.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';

const CSV = ARTEFATOS.conjunto_csv.padrao;
/** Where the build publishes a set in each format (docs/datasets.md). */
const CAMINHO = {
  csv: (conjunto: string) => ARTEFATOS.conjunto_csv.caminho({ conjunto }),
  parquet: (conjunto: string) => ARTEFATOS.conjunto_parquet.caminho({ conjunto }),
} as const;
/** The column dictionary of the sets (pipeline/src/marts/conjuntos). */
const DICIONARIO = ARTEFATOS.conjuntos.caminho();

const PorArquivo = z.object({
  arquivo: z
    .string()
    .regex(/^[a-z0-9_]{1,64}\.(csv|parquet)$/, 'nome do conjunto em minúsculas seguido de .csv ou .parquet'),
});

// Header lines per build version: the manifest does not carry columns, the CSV's first line does.
const colunasPorVersao = new Map<string, Promise<Map<string, string[]>>>();

async function lerColunas(bucket: R2Bucket, sets: ManifestEntry[]): Promise<Map<string, string[]>> {
  const pares = await Promise.all(
    sets.map(async (a) => {
      const obj = await bucket.get(chaveDoObjeto(a.sha256), { range: { offset: 0, length: 8192 } });
      if (obj === null)
        throw new Error(`R2 ${chaveDoObjeto(a.sha256)} (${a.path}): listed in the manifest but missing`);
      const cabecalho = (await obj.text()).split('\n', 1)[0] ?? '';
      return [a.path, cabecalho.split(',').map((c) => c.replace(/^"|"$/g, ''))] as const;
    }),
  );
  return new Map(pares);
}

/** Bulk export: the index needs any key; the sets themselves are Pro. */
export const dump = new Hono<AppEnv>()
  .get('/', async (c) => {
    const bucket = c.env.ARTEFATOS;
    const build = await buildAtual(bucket);
    const sets = build.manifesto.artefatos.filter((a) => CSV.test(a.path));
    let colunas = colunasPorVersao.get(build.atual.versao_do_dado);
    if (!colunas) {
      colunas = lerColunas(bucket, sets);
      colunasPorVersao.set(build.atual.versao_do_dado, colunas);
      colunas.catch(() => colunasPorVersao.delete(build.atual.versao_do_dado));
    }
    const porCaminho = await colunas;
    const dicionario: Conjuntos | null = await jsonDoBuild(bucket, build, DICIONARIO, ConjuntosSchema);
    const colunasDe = new Map(dicionario?.conjuntos.map((d) => [d.conjunto, d.colunas]) ?? []);
    const origem = new URL(c.req.url).origin;
    const conjuntos: DumpIndice['conjuntos'] = sets
      .map((a) => {
        const conjunto = CSV.exec(a.path)?.[1] ?? '';
        const pq = build.porCaminho.get(CAMINHO.parquet(conjunto));
        return {
          conjunto,
          url: `${origem}/dump/${conjunto}.csv`,
          // The set's columns are its entry in the set dictionary, named like the set (the manifest's
          // `schema` names the catalogue entry, `conjunto_csv`, the same for every set).
          descricao: `Conjunto ${conjunto} (esquema ${conjunto}); colunas documentadas em docs/datasets.md.`,
          linhas: a.rows,
          bytes: a.bytes,
          sha256: a.sha256,
          colunas: porCaminho.get(a.path) ?? [],
          plano: 'pro' as const,
          parquet: pq
            ? {
                url: `${origem}/dump/${conjunto}.parquet`,
                linhas: pq.rows,
                bytes: pq.bytes,
                sha256: pq.sha256,
              }
            : null,
          dicionario: colunasDe.get(conjunto) ?? [],
        };
      })
      .sort((a, b) => a.conjunto.localeCompare(b.conjunto));
    return c.json(
      DumpIndiceSchema.parse({
        versao_do_dado: build.atual.versao_do_dado,
        conjuntos,
        nota: 'Cada conjunto sai inteiro numa só requisição, em blocos (streaming), em CSV e numa cópia Parquet (colunas tipadas, ZSTD) com as mesmas linhas. Os conjuntos pertencem ao plano Pro.',
      }),
    );
  })
  .get('/:arquivo', validar('param', PorArquivo), async (c) => {
    const arquivo = c.req.valid('param').arquivo;
    const formato = arquivo.endsWith('.parquet') ? 'parquet' : 'csv';
    const conjunto = arquivo.slice(0, -(formato.length + 1));
    const build = await buildAtual(c.env.ARTEFATOS);
    // Only sets the index lists (a CSV in the manifest) are served, in either format.
    const a = build.porCaminho.has(CAMINHO.csv(conjunto))
      ? await lerArtefato(c.env.ARTEFATOS, build, CAMINHO[formato](conjunto))
      : null;
    if (a === null)
      throw new ErroApi(404, 'nao_encontrado', `Conjunto desconhecido neste build: ${arquivo}.`);
    return c.body(a.corpo.body, 200, {
      ...cabecalhosDoArtefato(a, build),
      'Content-Disposition': `attachment; filename="${arquivo}"`,
    });
  });
