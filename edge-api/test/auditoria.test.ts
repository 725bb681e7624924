import { AuditoriaDepAmortSchema } from '@fundamentos/schemas/auditoria';
import { LinhagemSchema } from '@fundamentos/schemas/linhagem';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { describe, expect, inject, it } from 'vitest';
import { AmostraAuditoriaSchema, MenuAuditoriaSchema } from '../src/auditoria/amostra.ts';
import { sha256Hex } from '../src/chave-formato.ts';
import { erro, get } from './ajuda.ts';
import { amostraSemeada, bytesDaAmostra } from './amostra-semeada.ts';
import { textoPublicado } from './semear.ts';

// The real sample build; `sorteios` were drawn in Node by global-setup.ts with node:crypto and a
// plain sort (an implementation independent of the worker's src/auditoria/sorteio.ts).
const amostra = amostraSemeada();
const sorteios = inject('sorteios');
const texto = (p: string) => new TextDecoder().decode(bytesDaAmostra(amostra, p));
const manifesto = ManifestSchema.parse(JSON.parse(texto('manifest.json')));

describe('/auditoria/random and its aliases', () => {
  it('without a seed: a menu, nothing drawn', async () => {
    const res = await get('/auditoria/random');
    expect(res.status).toBe(200);
    const m = MenuAuditoriaSchema.parse(await res.json());
    expect(m.tamanho_do_universo).toBe(
      new Set(texto('auditoria/universo.txt').split('\n').filter(Boolean)).size,
    );
    expect(JSON.stringify(m)).not.toContain('casos');
  });

  it('every alias answers the same bytes, and the lines are the ones drawn independently in Node', async () => {
    const caminhos = [
      '/auditoria/random?seed=42',
      '/auditoria/random?seed=42&n=10',
      '/auditoria/random/42',
      '/auditoria/random/42?n=10',
      '/auditoria/random/42/10',
      '/auditoria/amostra/42',
      '/auditoria/amostra/42/10',
      '/auditoria/amostra/0042',
    ];
    const corpos = await Promise.all(caminhos.map(async (p) => (await get(p)).text()));
    for (const c of corpos) expect(c).toBe(corpos[0]);
    const a = AmostraAuditoriaSchema.parse(JSON.parse(corpos[0] ?? ''));
    expect(a.seed).toBe(42);
    expect(a.casos.map((c) => c.linha)).toEqual(sorteios['42']);
  });

  it('a case carries the published number, the regulator accounts and files of its lineage', async () => {
    const a = AmostraAuditoriaSchema.parse(await (await get('/auditoria/random/42/1')).json());
    const caso = a.casos[0];
    if (caso === undefined) throw new Error('empty sample');
    const l = LinhagemSchema.parse(
      JSON.parse(
        textoPublicado(
          amostra,
          `json/empresas/${caso.cd_regulator}/linhagem/${caso.ano}/${caso.indicador}.json`,
        ),
      ),
    );
    expect(caso.valor_publicado).toBe(l.valor);
    expect(caso.contas.map((c) => c.fonte)).toEqual(l.entradas.map((e) => e.fonte));
    expect(caso.contas.map((c) => c.cd_conta)).toEqual(l.entradas.map((e) => e.cd_conta));
    for (const arq of caso.arquivos) expect(arq).toMatch(/^cvm\/dfp\/.+\.csv$/);
  });

  it('a larger n extends a smaller one (n=100, seed 2024)', async () => {
    const grande = AmostraAuditoriaSchema.parse(await (await get('/auditoria/amostra/2024/100')).json());
    const pequena = AmostraAuditoriaSchema.parse(await (await get('/auditoria/amostra/2024?n=3')).json());
    expect(grande.casos.map((c) => c.linha)).toEqual(sorteios['2024']);
    expect(pequena.casos).toEqual(grande.casos.slice(0, 3));
  });

  it('invalid seed or n: 422 naming the parameter', async () => {
    expect((await erro(await get('/auditoria/random/42/101'), 422)).parametros?.[0]?.nome).toBe('n');
    expect((await erro(await get('/auditoria/random/abc'), 422)).parametros?.[0]?.nome).toBe('seed');
    expect((await erro(await get('/auditoria/random?seed=1&x=2'), 422)).parametros?.[0]?.nome).toBe('x');
    expect((await erro(await get('/auditoria/amostra/1/0'), 422)).parametros?.[0]?.nome).toBe('n');
  });
});

describe('/auditoria/dep_amort and /desafio', () => {
  it('dep_amort streams the published file byte-exact', async () => {
    const res = await get('/auditoria/dep_amort/906/2014');
    expect(res.status).toBe(200);
    const caminho = 'json/empresas/906/auditoria/dep_amort/2014.json';
    // Published inside the company's pack: the answer is the year's own bytes, their sha256 the ETag.
    const publicado = textoPublicado(amostra, caminho);
    expect(manifesto.artefatos.some((a) => a.path === caminho)).toBe(false);
    expect(res.headers.get('etag')).toBe(`"${await sha256Hex(publicado)}"`);
    const corpo = await res.text();
    expect(corpo).toBe(publicado);
    const d = AuditoriaDepAmortSchema.parse(JSON.parse(corpo));
    expect(d.cd_regulator).toBe(906);
    expect(d.ano).toBe(2014);
  });

  it('dep_amort of a year not published: 404 recurso_nao_publicado', async () => {
    expect((await erro(await get('/auditoria/dep_amort/906/1990'), 404)).codigo).toBe(
      'recurso_nao_publicado',
    );
  });

  it('/desafio answers without a key', async () => {
    const res = await get('/desafio');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(texto('json/desafio.json'));
  });
});
