import { type DumpIndice, DumpIndiceSchema } from '@fundamentos/schemas/dump';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { Hono } from 'hono';
import { z } from 'zod';
import { buildAtual, cabecalhosDoArtefato, lerArtefato } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import { exigeChave } from '../middleware/cota.ts';
import { chaveDoObjeto } from '../publicacao/layout.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';

const CSV = /^csv\/([a-z0-9_]+)\.csv$/;

const PorArquivo = z.object({
  arquivo: z.string().regex(/^[a-z0-9_]{1,64}\.csv$/, 'nome do conjunto em minúsculas seguido de .csv'),
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
  .get('/', exigeChave(), async (c) => {
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
    const origem = new URL(c.req.url).origin;
    const conjuntos: DumpIndice['conjuntos'] = sets
      .map((a) => {
        const conjunto = CSV.exec(a.path)?.[1] ?? '';
        return {
          conjunto,
          url: `${origem}/dump/${conjunto}.csv`,
          descricao: `Conjunto ${conjunto} (esquema ${a.schema}); colunas documentadas em docs/datasets.md.`,
          linhas: a.rows,
          bytes: a.bytes,
          sha256: a.sha256,
          colunas: porCaminho.get(a.path) ?? [],
          plano: 'pro' as const,
        };
      })
      .sort((a, b) => a.conjunto.localeCompare(b.conjunto));
    return c.json(
      DumpIndiceSchema.parse({
        versao_do_dado: build.atual.versao_do_dado,
        conjuntos,
        nota: 'Cada conjunto sai inteiro numa só requisição, em blocos (streaming). Os conjuntos pertencem ao plano Pro.',
      }),
    );
  })
  .get('/:arquivo', exigeChave({ somentePro: true }), validar('param', PorArquivo), async (c) => {
    const conjunto = c.req.valid('param').arquivo.replace(/\.csv$/, '');
    const build = await buildAtual(c.env.ARTEFATOS);
    const a = await lerArtefato(c.env.ARTEFATOS, build, `csv/${conjunto}.csv`);
    if (a === null)
      throw new ErroApi(404, 'nao_encontrado', `Conjunto desconhecido neste build: ${conjunto}.`);
    return c.body(a.corpo.body, 200, {
      ...cabecalhosDoArtefato(a, build),
      'Content-Disposition': `attachment; filename="${conjunto}.csv"`,
    });
  });
