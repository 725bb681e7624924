import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { strings } from '@fundamentos/ui/i18n/strings';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import { gerarChave, LIMITE_DIARIO, SQL_INSERIR_CHAVE } from '../chave-formato.ts';
import { paginaHtml } from '../paginas/layout.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';
import { QueryDaChaveGratis } from './declaracoes.ts';

/** Origin label: `?de=` (validated), else the static form's hidden `de` field, cut like its script does. */
async function origem(c: Context<AppEnv>, daQuery: string | undefined): Promise<string | null> {
  if (daQuery !== undefined) return daQuery || null;
  const tipo = c.req.header('content-type') ?? '';
  if (!tipo.startsWith('application/x-www-form-urlencoded') && !tipo.startsWith('multipart/form-data'))
    return null;
  const campo = (await c.req.parseBody()).de;
  return typeof campo === 'string' && campo !== '' ? campo.slice(0, 64) : null;
}

/**
 * Free keys: no sign-up; the key is shown once and only its hash is kept. `GET /chave-gratis` is the
 * site's static form (site/src/pages/[...lang]/chave-gratis.astro), which posts here on the same origin.
 */
export const chaveGratis = new Hono<AppEnv>().post('/', validar('query', QueryDaChaveGratis), async (c) => {
  const q = c.req.valid('query');
  const de = await origem(c, q.de);
  const nova = await gerarChave();
  const criadaEm = new Date().toISOString();
  await c.env.DB.prepare(SQL_INSERIR_CHAVE).bind(nova.id, nova.hash_sha256, 'free', null, de, criadaEm).run();
  if (c.req.header('accept')?.includes('application/json')) {
    return c.json({
      chave: nova.chave,
      plano: 'free',
      chamadas_por_dia: LIMITE_DIARIO.free,
      janela: 'dia civil de America/Sao_Paulo',
      criada_em: criadaEm,
      cabecalho: 'X-API-Key',
      nota: 'A chave é mostrada uma única vez; guardamos só o hash SHA-256.',
    });
  }
  const lang = c.get('lang');
  // The title, header and footer come from the site's strings and shell; the answer's own lines from `rotas`.
  const s = strings(lang).chave;
  const t = strings(lang).rotas.chave_gratis;
  // Never stored by anyone but the reader: the page holds the only copy of the key.
  c.header('X-Robots-Tag', 'noindex');
  const corpo = html`<h1>${s.titulo}</h1>
<p>${t.criada}:</p>
<p><code id="chave">${nova.chave}</code></p>
<p><strong>${t.aviso}</strong></p>
<p>${s.uso} ${mensagem(lang, t.limite, { limite: LIMITE_DIARIO.free })}</p>`;
  return paginaHtml(c, { caminho: '/chave-gratis', titulo: s.titulo, noindex: true }, String(corpo));
});
