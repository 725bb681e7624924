import { Hono } from 'hono';
import { z } from 'zod';
import { buildAtual, cabecalhosDoArtefato, lerArtefato } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import { exigeChave } from '../middleware/cota.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';

const CSV = /^csv\/([a-z0-9_]+)\.csv$/;
const PARQUET = /^parquet\/([a-z0-9_]+)\.parquet$/;

const PorArquivo = z.object({
  arquivo: z.string().regex(/^[a-z0-9_]{1,64}\.csv$/, 'nome do conjunto em minúsculas seguido de .csv'),
});

/** Bulk export: the index needs any key; the sets themselves are Pro. */
export const dump = new Hono<AppEnv>()
  .get('/', exigeChave(), async (c) => {
    const build = await buildAtual(c.env.ARTEFATOS);
    const origem = new URL(c.req.url).origin;
    const conjuntos = new Map<string, { conjunto: string; linhas: number; csv: unknown; parquet: unknown }>();
    for (const a of build.manifesto.artefatos) {
      const csv = CSV.exec(a.path)?.[1];
      const parquet = PARQUET.exec(a.path)?.[1];
      const nome = csv ?? parquet;
      if (nome === undefined) continue;
      const item = conjuntos.get(nome) ?? { conjunto: nome, linhas: a.rows, csv: null, parquet: null };
      const arquivo = { bytes: a.bytes, sha256: a.sha256, linhas: a.rows };
      if (csv) item.csv = { ...arquivo, url: `${origem}/dump/${nome}.csv`, exige_plano: 'pro' };
      else item.parquet = arquivo;
      conjuntos.set(nome, item);
    }
    return c.json({
      versao_do_dado: build.atual.versao_do_dado,
      conjuntos: [...conjuntos.values()].sort((a, b) => a.conjunto.localeCompare(b.conjunto)),
      nota: 'Cada conjunto sai inteiro numa só requisição, em blocos (streaming). Os conjuntos pertencem ao plano Pro.',
    });
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
