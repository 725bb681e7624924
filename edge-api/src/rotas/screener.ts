import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { filtrosComoTuplas, type Recibo, sha256DoResultado } from '@fundamentos/schemas/recibo';
import { lerParametrosScreener, type ScreenerConsulta } from '@fundamentos/schemas/screener';
import { Hono } from 'hono';
import { buildAtual, jsonDoCatalogo } from '../artefatos.ts';
import { ErroApi, parametrosInvalidos } from '../erro-api.ts';
import { executarScreenerLembrado, respostaDoScreener } from '../screener/executar.ts';
import type { AppEnv } from '../tipos.ts';

export const COMO_CONFERIR =
  "sha256 (hex) do campo resultado serializado como JSON canônico: chaves ordenadas por código Unicode, separadores ',' e ':' sem espaços, UTF-8 sem escapar acentos; em Python: hashlib.sha256(json.dumps(r['resultado'], sort_keys=True, separators=(',', ':'), ensure_ascii=False).encode('utf-8')).hexdigest().";

/** 128 random bits, base64url: unguessable and safe in a path. */
function novoIdDeRecibo(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...b))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function consultaDoRecibo(c: ScreenerConsulta): Recibo['consulta'] {
  return {
    ano: c.ano ?? null,
    as_of: c.as_of ?? null,
    filtros: filtrosComoTuplas(c.filtros),
    limite: c.limite,
  };
}

/** `/screener`: key always (it covers the whole universe), one quota unit per call. */
export const screener = new Hono<AppEnv>().get('/', async (c) => {
  const parsed = lerParametrosScreener(new URL(c.req.url).searchParams);
  if (!parsed.success) {
    throw parametrosInvalidos(
      parsed.error.issues.map((i) => ({
        local: 'query' as const,
        nome: i.path.length > 0 ? String(i.path[0]) : 'query',
        mensagem: i.message,
        tipo: i.code,
      })),
    );
  }
  const consulta = parsed.data;
  const build = await buildAtual(c.env.ARTEFATOS);
  const snapshot = await jsonDoCatalogo(c.env.ARTEFATOS, build, ARTEFATOS.screener_snapshot);
  if (snapshot === null)
    throw new ErroApi(
      404,
      'recurso_nao_publicado',
      `Screener não publicado no build ${build.atual.versao_do_dado}.`,
    );
  const { resultado, fora_do_filtro } = executarScreenerLembrado(snapshot, consulta);
  c.header('X-Versao-Do-Dado', build.atual.versao_do_dado);

  let recibo: Recibo | undefined;
  if (consulta.recibo) {
    const id = novoIdDeRecibo();
    const url = new URL(`/recibo/${id}`, c.req.url).toString();
    recibo = {
      id,
      criado_em: new Date().toISOString(),
      versao_do_dado: build.atual.versao_do_dado,
      consulta: consultaDoRecibo(consulta),
      resultado,
      sha256: await sha256DoResultado(resultado),
      como_conferir: COMO_CONFERIR,
      versao_legivel: url,
      versao_do_dado_hoje: build.atual.versao_do_dado,
      nota: 'Cópia congelada de uma resposta do /screener; não muda quando os dados são atualizados (veja versao_do_dado_hoje).',
    };
    const { versao_do_dado_hoje: _vivo, ...guardado } = recibo;
    // onlyIf etagDoesNotMatch '*': never overwrite an existing receipt (a receipt is permanent).
    const escrito = await c.env.RECIBOS.put(`recibos/${id}.json`, JSON.stringify(guardado), {
      onlyIf: { etagDoesNotMatch: '*' },
      httpMetadata: { contentType: 'application/json; charset=utf-8' },
    });
    if (escrito === null) throw new Error(`R2 RECIBOS recibos/${id}.json already exists`);
  }

  return c.json(
    respostaDoScreener(
      { resultado, fora_do_filtro },
      recibo === undefined
        ? undefined
        : {
            id: recibo.id,
            url: recibo.versao_legivel,
            json: new URL(`/recibo/${recibo.id}.json`, c.req.url).toString(),
            sha256: recibo.sha256,
            criado_em: recibo.criado_em,
            versao_do_dado: recibo.versao_do_dado,
            como_conferir: recibo.como_conferir,
          },
    ),
  );
});
