import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { gerarChave, LIMITE_DIARIO, SQL_INSERIR_CHAVE } from '../chave-formato.ts';
import type { AppEnv } from '../tipos.ts';
import { validar } from '../validacao.ts';

const Query = z.object({
  lang: z.enum(['pt', 'en']).optional(),
  de: z.string().max(64, 'no máximo 64 caracteres').optional(),
});

type Idioma = 'pt' | 'en';

function idioma(lang: Idioma | undefined, acceptLanguage: string | undefined): Idioma {
  if (lang) return lang;
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'pt';
}

const TEXTO = {
  pt: {
    titulo: 'Chave grátis',
    intro: `Uma chave grátis dá ${LIMITE_DIARIO.free} chamadas por dia (dia civil de São Paulo). Sem cartão, sem cadastro.`,
    botao: 'Criar chave',
    criada: 'Sua chave foi criada',
    aviso: 'Guarde-a agora: ela é mostrada uma única vez e não pode ser recuperada.',
    uso: 'Envie-a no cabeçalho X-API-Key.',
  },
  en: {
    titulo: 'Free key',
    intro: `A free key gives ${LIMITE_DIARIO.free} calls a day (Sao Paulo calendar day). No card, no sign-up.`,
    botao: 'Create key',
    criada: 'Your key was created',
    aviso: 'Store it now: it is shown only once and cannot be recovered.',
    uso: 'Send it in the X-API-Key header.',
  },
} as const;

function pagina(lang: Idioma, corpo: ReturnType<typeof html>) {
  const t = TEXTO[lang];
  return html`<!doctype html>
<html lang="${lang === 'pt' ? 'pt-BR' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${t.titulo}</title></head>
<body><main><h1>${t.titulo}</h1>${corpo}</main></body>
</html>`;
}

/** Free keys: no sign-up; the key is shown once and only its hash is kept. */
export const chaveGratis = new Hono<AppEnv>()
  .get('/', validar('query', Query), (c) => {
    const q = c.req.valid('query');
    const lang = idioma(q.lang, c.req.header('accept-language'));
    const t = TEXTO[lang];
    const acao = `/chave-gratis?lang=${lang}${q.de ? `&de=${encodeURIComponent(q.de)}` : ''}`;
    return c.html(
      pagina(
        lang,
        html`<p>${t.intro}</p><form method="post" action="${acao}"><button type="submit">${t.botao}</button></form>`,
      ),
    );
  })
  .post('/', validar('query', Query), async (c) => {
    const q = c.req.valid('query');
    const nova = await gerarChave();
    const criadaEm = new Date().toISOString();
    await c.env.DB.prepare(SQL_INSERIR_CHAVE)
      .bind(nova.id, nova.hash_sha256, 'free', null, q.de ?? null, criadaEm)
      .run();
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
    const lang = idioma(q.lang, c.req.header('accept-language'));
    const t = TEXTO[lang];
    return c.html(
      pagina(
        lang,
        html`<p>${t.criada}:</p><p><code id="chave">${nova.chave}</code></p><p><strong>${t.aviso}</strong></p><p>${t.uso}</p>`,
      ),
    );
  });
