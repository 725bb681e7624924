import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { AnoSchema, CdRegulatorSchema, FlagSchema, VersaoDoDadoSchema } from '@fundamentos/schemas/comum';
import { LinhagemSchema } from '@fundamentos/schemas/linhagem';
import { z } from 'zod';
import { type Build, jsonDoBuild, lerArtefato, tickersDe } from '../artefatos.ts';
import { ErroApi } from '../erro-api.ts';
import { N_MAXIMO, N_PADRAO } from '../rotas/declaracoes.ts';
import { DESCRICAO_ESQUEMA, ESQUEMA_SORTEIO, linhasDoUniverso, sortear } from './sorteio.ts';

// Declared with the audit routes' parameters (src/rotas/declaracoes.ts).
export { N_MAXIMO, N_PADRAO };

/** One regulator line to re-read: the account and the file (and line) it came from. */
export const ContaParaRefazerSchema = z.strictObject({
  papel: z.string(),
  demo: z.string(),
  cd_conta: z.string(),
  ds_conta: z.string(),
  agreg: z.enum(['con', 'ind']),
  coluna: z.enum(['ULTIMO', 'PENULTIMO']),
  valor: z.number(),
  arquivo: z.string().describe('Regulator file (path inside the CVM open-data tree).'),
  fonte: z.string().describe('`<file>:<line>`.'),
});

export const CasoDeAuditoriaSchema = z.strictObject({
  posicao: z.number().int().positive(),
  linha: z.string().describe('The universe line drawn.'),
  chave_do_sorteio: z.string().regex(/^[0-9a-f]{64}$/),
  cd_regulator: CdRegulatorSchema,
  ano: AnoSchema,
  indicador: z.string(),
  valor_publicado: z.number().nullable(),
  flag: FlagSchema,
  formula: z.string(),
  contas: z.array(ContaParaRefazerSchema),
  arquivos: z.array(z.string()).describe('Regulator files to download to redo the number.'),
  linhagem: z.string().describe('Lineage route of this value (or its artefact path when no ticker).'),
  auditoria_dep_amort: z.string().nullable(),
});

export const AmostraAuditoriaSchema = z
  .strictObject({
    versao_do_dado: VersaoDoDadoSchema,
    esquema: z.literal(ESQUEMA_SORTEIO),
    como_reproduzir: z.string(),
    seed: z.number().int().nonnegative(),
    n: z.number().int().positive(),
    tamanho_do_universo: z.number().int().nonnegative(),
    universo: z.string().describe('Address of the universe the sample was drawn from.'),
    casos: z.array(CasoDeAuditoriaSchema),
  })
  .describe('Deterministic audit sample (/auditoria/random/{seed}/{n} and aliases).');
export type AmostraAuditoria = z.infer<typeof AmostraAuditoriaSchema>;

export const MenuAuditoriaSchema = z.strictObject({
  versao_do_dado: VersaoDoDadoSchema,
  mensagem: z.string(),
  esquema: z.literal(ESQUEMA_SORTEIO),
  como_reproduzir: z.string(),
  tamanho_do_universo: z.number().int().nonnegative(),
  n_padrao: z.literal(N_PADRAO),
  n_maximo: z.literal(N_MAXIMO),
  exemplos: z.array(z.string()),
});

export async function universoDe(bucket: R2Bucket, build: Build): Promise<string[]> {
  const a = await lerArtefato(bucket, build, ARTEFATOS.universo_auditoria.caminho());
  if (a === null)
    throw new ErroApi(404, 'recurso_nao_publicado', 'Universo de auditoria não publicado neste build.');
  return linhasDoUniverso(await a.corpo.text());
}

export async function menu(bucket: R2Bucket, build: Build, url: string) {
  const universo = await universoDe(bucket, build);
  return MenuAuditoriaSchema.parse({
    versao_do_dado: build.atual.versao_do_dado,
    mensagem:
      'Sem seed nada é sorteado. Escolha um número inteiro (seed) e peça /auditoria/random/{seed} ou /auditoria/random/{seed}/{n}; a mesma seed devolve sempre a mesma amostra.',
    esquema: ESQUEMA_SORTEIO,
    como_reproduzir: DESCRICAO_ESQUEMA,
    tamanho_do_universo: universo.length,
    n_padrao: N_PADRAO,
    n_maximo: N_MAXIMO,
    exemplos: ['/auditoria/random/42', '/auditoria/random/2024/5', '/auditoria/amostra/7?n=20'].map((p) =>
      new URL(p, url).toString(),
    ),
  });
}

function arquivoDe(fonte: string): string {
  const i = fonte.lastIndexOf(':');
  return i > 0 ? fonte.slice(0, i) : fonte;
}

export async function amostra(
  bucket: R2Bucket,
  build: Build,
  seed: number,
  n: number,
  url: string,
): Promise<AmostraAuditoria> {
  const universo = await universoDe(bucket, build);
  const sorteadas = await sortear(universo, seed, n);
  const tickers = (await tickersDe(bucket, build)) ?? {};
  const tickerAtual = new Map<number, string>();
  for (const [codigo, t] of Object.entries(tickers))
    if (codigo === t.ticker_atual && !tickerAtual.has(t.cd_regulator))
      tickerAtual.set(t.cd_regulator, codigo);
  const casos = await Promise.all(
    sorteadas.map(async (s, i) => {
      const [cd, ano, indicador] = s.linha.split('|');
      const caminho = ARTEFATOS.linhagem.caminho({
        cd: cd ?? '',
        ano: ano ?? '',
        indicador: indicador ?? '',
      });
      const l = await jsonDoBuild(bucket, build, caminho, LinhagemSchema);
      // The universe promises a lineage for every line: a missing one is a broken build, not a 404.
      if (l === null)
        throw new Error(
          `${ARTEFATOS.universo_auditoria.caminho()} lists ${s.linha} but ${caminho} is not published`,
        );
      const ticker = tickerAtual.get(l.cd_regulator);
      return {
        posicao: i + 1,
        linha: s.linha,
        chave_do_sorteio: s.chave,
        cd_regulator: l.cd_regulator,
        ano: l.ano,
        indicador: l.indicador,
        valor_publicado: l.valor,
        flag: l.flag,
        formula: l.formula,
        contas: l.entradas.map((e) => ({
          papel: e.papel,
          demo: e.demo,
          cd_conta: e.cd_conta,
          ds_conta: e.ds_conta,
          agreg: e.agreg,
          coluna: e.coluna,
          valor: e.valor,
          arquivo: arquivoDe(e.fonte),
          fonte: e.fonte,
        })),
        arquivos: [...new Set(l.entradas.map((e) => arquivoDe(e.fonte)))].sort(),
        linhagem:
          ticker === undefined
            ? caminho
            : new URL(`/empresas/${ticker}/linhagem/${l.ano}/${l.indicador}`, url).toString(),
        auditoria_dep_amort: l.auditoria_dep_amort,
      };
    }),
  );
  return AmostraAuditoriaSchema.parse({
    versao_do_dado: build.atual.versao_do_dado,
    esquema: ESQUEMA_SORTEIO,
    como_reproduzir: DESCRICAO_ESQUEMA,
    seed,
    n,
    tamanho_do_universo: universo.length,
    universo: new URL('/auditoria/universo', url).toString(),
    casos,
  });
}
