import { SELF } from 'cloudflare:test';
import { ErroSchema } from '@fundamentos/schemas/erros';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, corpoDoErro, novaChave } from './ajuda.ts';

// Property: whatever arrives, the API never answers 5xx, and every refusal is the one error shape.
const segmentos = [
  'empresas',
  'TSTE3',
  'TSTE4',
  'WEGE3',
  'ZZZZ3',
  'indicadores',
  'roe',
  'linhagem',
  '2023',
  'fatos',
  'multiplos',
  'veredito',
  'dump',
  'conjunto_teste.csv',
  'saude',
  'info',
  'dicionario',
  'auditoria',
  'universo',
  'chave-gratis',
  'recibo',
  'fixture-vazio.json',
  // Raw, possibly broken percent-encoding and dot segments.
  '%zz',
  '%E0%A4%A',
  '%2F',
  '..',
  '',
];
const textoAscii = fc.string({
  unit: fc.constantFrom(...' !"#$%&\'()*+,-.:;<=>?@[]^_`{|}~azAZ09é\u00e3'),
  maxLength: 12,
});
const segmento = fc.oneof(fc.constantFrom(...segmentos), textoAscii.map(encodeURIComponent));
const caminho = fc.array(segmento, { maxLength: 6 }).map((s) => `/${s.join('/')}`);
const query = fc
  .array(
    fc.tuple(
      fc.constantFrom('trimestral', 'lang', 'de', 'x', 'limite'),
      fc.oneof(fc.constantFrom('true', 'false', 'en', ''), textoAscii),
    ),
    {
      maxLength: 3,
    },
  )
  .map((pares) => (pares.length ? `?${new URLSearchParams(pares).toString()}` : ''));
const valorDeCabecalho = fc.string({
  unit: fc.constantFrom(...'abcdef0123456789_fbrxyz -;=*/,.'),
  maxLength: 80,
});

let chaveValida = '';
beforeAll(async () => {
  chaveValida = await novaChave('pro');
});

const requisicao = fc.record({
  p: caminho,
  q: query,
  metodo: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'DELETE'),
  cabecalhos: fc.record(
    {
      'x-api-key': fc.oneof(
        valorDeCabecalho,
        fc.constant('VALIDA'),
        fc.constant(`fbr_${'a'.repeat(16)}_${'b'.repeat(48)}`),
      ),
      accept: fc.oneof(fc.constant('application/json'), fc.constant('text/html'), valorDeCabecalho),
      'accept-language': valorDeCabecalho,
    },
    { requiredKeys: [] },
  ),
});

type Requisicao = typeof requisicao extends fc.Arbitrary<infer T> ? T : never;

async function verificar(r: Requisicao): Promise<string | null> {
  const h: Record<string, string> = { ...r.cabecalhos };
  if (h['x-api-key'] === 'VALIDA') h['x-api-key'] = chaveValida;
  const res = await SELF.fetch(`${BASE}${r.p}${r.q}`, { method: r.metodo, headers: h, redirect: 'manual' });
  const texto = await res.text();
  if (res.status >= 500) return `${res.status}: ${texto}`;
  if (res.headers.get('cache-control') === null) return 'no Cache-Control';
  if (res.status >= 400) {
    // An HTML client asking for an unknown page gets the site's 404 page (test/sitio/404.html).
    if (res.status === 404 && texto.includes('data-fixture="/404"')) return null;
    // A browser on a page route gets the refusal as a page that embeds the same shape.
    const corpo = ErroSchema.safeParse(corpoDoErro(res.headers.get('content-type'), texto));
    if (!corpo.success) return `not the error shape: ${texto}`;
    if (corpo.data.erro.status !== res.status)
      return `status ${res.status} but body says ${corpo.data.erro.status}`;
    if (corpo.data.erro.id_requisicao !== res.headers.get('x-request-id'))
      return 'request id differs from header';
  }
  return null;
}

describe('random requests', () => {
  it('never 5xx; every 4xx is the one error shape with the request id', async () => {
    // Drawn up front and fired 100 at a time: thousands of cases in a few seconds. The seed is in the
    // failure message so a failing case can be drawn again.
    const seed = Date.now();
    const casos = fc.sample(requisicao, { numRuns: 2000, seed });
    const falhas: string[] = [];
    for (let i = 0; i < casos.length; i += 100) {
      const lote = casos.slice(i, i + 100);
      const erros = await Promise.all(lote.map(verificar));
      erros.forEach((e, j) => {
        if (e !== null) falhas.push(`${JSON.stringify(lote[j])} → ${e}`);
      });
    }
    expect(falhas, `seed ${seed}`).toEqual([]);
  }, 60_000);
});
