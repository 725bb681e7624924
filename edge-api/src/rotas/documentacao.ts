import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import swaggerCss from 'swagger-ui-dist/swagger-ui.css';
import swaggerJs from 'swagger-ui-dist/swagger-ui-bundle.js';
import { documentoOpenApi, OPERACOES } from '../openapi/documento.ts';
import type { AppEnv } from '../tipos.ts';

const ACESSO = { aberta: 'aberta', chave: 'com chave', pro: 'plano Pro' } as const;

/** `/openapi.json` and `/docs`: the same operation list, as OpenAPI 3.1 and as a page that loads nothing from elsewhere. */
export const documentacao = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(documentoOpenApi(new URL(c.req.url).origin)))
  .get('/docs', (c) => {
    const itens = OPERACOES.map(
      (
        op,
      ) => html`<details id="${op.metodo}-${op.caminho}"><summary><code>${op.metodo.toUpperCase()} ${op.caminho}</code> · ${ACESSO[op.acesso]} · ${op.resumo}</summary>
${
  op.parametros.length === 0
    ? html`<p>Sem parâmetros.</p>`
    : html`<table><thead><tr><th>nome</th><th>onde</th><th>obrigatório</th><th>descrição</th></tr></thead><tbody>${op.parametros.map(
        (p) =>
          html`<tr><td><code>${p.nome}</code></td><td>${p.em}</td><td>${p.obrigatorio ? 'sim' : 'não'}</td><td>${p.descricao}</td></tr>`,
      )}</tbody></table>`
}
<p>Resposta: ${typeof op.resposta === 'string' ? html`<a href="/openapi.json">#/components/schemas/${op.resposta}</a>` : op.resposta.tipo}</p>
${
  op.metodo === 'get'
    ? html`<form class="testar" data-caminho="${op.caminho}">${op.parametros.map(
        (p) => html`<label>${p.nome} <input name="${p.nome}" data-em="${p.em}"></label> `,
      )}<label>X-API-Key <input name="__chave"></label> <button>Testar</button><pre></pre></form>`
    : ''
}</details>`,
    );
    // Inline script only: the page works offline and loads nothing from the internet.
    const script = raw(`<script>
for (const f of document.querySelectorAll('form.testar')) f.addEventListener('submit', async (ev) => {
  ev.preventDefault();
  let caminho = f.dataset.caminho; const q = new URLSearchParams(); const h = {};
  for (const i of f.querySelectorAll('input')) {
    if (i.value === '') continue;
    if (i.name === '__chave') h['X-API-Key'] = i.value;
    else if (i.dataset.em === 'path') caminho = caminho.replace('{' + i.name + '}', encodeURIComponent(i.value));
    else q.set(i.name, i.value);
  }
  const url = caminho + (q.size ? '?' + q : '');
  const r = await fetch(url, { headers: h });
  f.querySelector('pre').textContent = 'GET ' + url + ' → ' + r.status + '\\n' + (await r.text()).slice(0, 20000);
});
</script>`);
    return c.html(html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>fundamentos-br · documentação da API</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}details{border-bottom:1px solid #ddd;padding:.4rem 0}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left}pre{background:#f6f6f6;overflow:auto;max-height:30rem}</style>
</head><body><main><h1>API fundamentos-br</h1>
<p>Documento OpenAPI 3.1: <a href="/openapi.json">/openapi.json</a>. Chave no cabeçalho <code>X-API-Key</code> (<a href="/chave-gratis">chave grátis</a>). Conteúdo descritivo, não é recomendação de investimento.</p>
${itens}</main>${script}</body></html>`);
  })
  // Swagger UI over the same document, its bundle served from here (swagger-ui-dist, imported as text by
  // wrangler.jsonc `rules`): nothing is loaded from elsewhere, and no validator badge is asked for.
  .get('/docs/api', (c) =>
    c.html(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>fundamentos-br · API (OpenAPI)</title><link rel="stylesheet" href="/docs/api/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/docs/api/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true });</script>
</body></html>`),
  )
  .get('/docs/api/swagger-ui-bundle.js', (c) =>
    c.body(swaggerJs, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  )
  .get('/docs/api/swagger-ui.css', (c) =>
    c.body(swaggerCss, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  );
