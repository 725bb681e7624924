import { ScreenerParametrosDocSchema } from '@fundamentos/schemas/screener';
import { describe, expect, it } from 'vitest';
import { OPERACOES } from '../src/openapi/documento.ts';
import { get } from './ajuda.ts';

type Js = Record<string, unknown>;

function refs(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) refs(x, out);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.push(x);
      else refs(x, out);
    }
  return out;
}

describe('/openapi.json and /docs', () => {
  it('OpenAPI 3.1 with every operation, every $ref resolving to a generated component', async () => {
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Js>;
      components: { schemas: Js };
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const op of OPERACOES) expect(doc.paths[op.caminho]?.[op.metodo]).toBeDefined();
    const todos = refs(doc);
    expect(todos.length).toBeGreaterThan(OPERACOES.length);
    for (const r of todos)
      expect(doc.components.schemas[r.replace('#/components/schemas/', '')]).toBeDefined();
    // The screener schema is the zod one of @fundamentos/schemas, not a copy.
    const screener = doc.components.schemas.screener as { properties: Js };
    expect(Object.keys(screener.properties)).toContain('fora_do_filtro');
    const op = doc.paths['/screener']?.get as { parameters: { name: string }[] } | undefined;
    const params = (op?.parameters ?? []).map((p) => p.name);
    expect(params.sort()).toEqual(Object.keys(ScreenerParametrosDocSchema.shape).sort());
  });

  it('every documented GET without path parameters is a route of the worker', async () => {
    for (const op of OPERACOES.filter((o) => o.metodo === 'get' && !o.caminho.includes('{'))) {
      const corpo = (await (await get(op.caminho)).text()).slice(0, 300);
      expect(corpo, op.caminho).not.toContain('Rota desconhecida');
    }
  });

  it('/docs is a self-contained page listing each operation', async () => {
    const res = await get('/docs');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const pagina = await res.text();
    for (const op of OPERACOES) expect(pagina).toContain(`${op.metodo.toUpperCase()} ${op.caminho}`);
    expect(pagina).not.toMatch(/(src|href)="https?:/);
  });

  it('/docs/api is Swagger UI over /openapi.json, its script and stylesheet served by the worker', async () => {
    const pagina = await (await get('/docs/api')).text();
    expect(pagina).toContain("url: '/openapi.json'");
    // Offline: every script and stylesheet is same-origin, and no validator badge is fetched.
    expect(pagina).not.toMatch(/(src|href)="https?:/);
    expect(pagina).toContain('validatorUrl: null');
    const js = await get('/docs/api/swagger-ui-bundle.js');
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await js.text()).toContain('SwaggerUIBundle');
    const css = await get('/docs/api/swagger-ui.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('.swagger-ui');
  });
});
