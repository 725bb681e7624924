import { describe, expect, it } from 'vitest';
import { ErroApi } from '../src/erro-api.ts';
import { DECLARACOES } from '../src/rotas/declaracoes.ts';
import { conferir } from '../src/validacao.ts';
import { erro, get } from './ajuda.ts';

/**
 * The pages' address schemas are declared with their routes (src/paginas/consultas.ts through
 * src/rotas/declaracoes.ts): a bad address the declaration refuses is the 422 the page answers, naming
 * the same parameters, in the one error shape (as JSON here; a browser gets it inside the error page).
 */
const CASOS: {
  caminho: string;
  endereco: string;
  local: 'query' | 'param';
  valor: Record<string, string>;
}[] = [
  {
    caminho: '/procurar',
    endereco: `/procurar?q=${'a'.repeat(201)}`,
    local: 'query',
    valor: { q: 'a'.repeat(201) },
  },
  {
    caminho: '/carteira',
    endereco: '/carteira?ELET3=abc&WEGE3=10',
    local: 'query',
    valor: { ELET3: 'abc', WEGE3: '10' },
  },
  {
    caminho: '/vigia',
    endereco: '/vigia?classe=acoes&desde=ontem',
    local: 'query',
    valor: { classe: 'acoes', desde: 'ontem' },
  },
  {
    caminho: '/vigia/{ticker}',
    endereco: '/vigia/TSTE3?tipo=Faixa',
    local: 'query',
    valor: { tipo: 'Faixa' },
  },
  {
    caminho: '/vigia/semana/{semana}',
    endereco: '/vigia/semana/2024-01?x=1',
    local: 'query',
    valor: { x: '1' },
  },
  {
    caminho: '/comparar/{cod_a}/{cod_b}',
    endereco: '/comparar/AB1/TSTE3',
    local: 'param',
    valor: { cod_a: 'AB1', cod_b: 'TSTE3' },
  },
];

function recusados(
  local: 'query' | 'param',
  schema: Parameters<typeof conferir>[1],
  valor: unknown,
): string[] {
  try {
    conferir(local, schema, valor);
  } catch (e) {
    if (e instanceof ErroApi) return (e.extras.parametros ?? []).map((p) => p.nome).sort();
    throw e;
  }
  return [];
}

describe('page address schemas come from the declarations', () => {
  it.each(CASOS)(
    '$caminho: the declared schema refuses $endereco, and the page answers that 422',
    async (k) => {
      const d = DECLARACOES.find((x) => x.metodo === 'get' && x.caminho === k.caminho);
      const schema = k.local === 'query' ? d?.consulta : d?.parametros;
      if (schema === undefined) throw new Error(`${k.caminho}: no ${k.local} schema declared`);
      const esperados = recusados(k.local, schema, k.valor);
      expect(esperados.length, k.endereco).toBeGreaterThan(0);
      const e = await erro(await get(k.endereco, { Accept: 'application/json' }), 422);
      expect(e.codigo).toBe('parametros_invalidos');
      expect(e.parametros?.map((p) => p.nome).sort()).toEqual(esperados);
      expect(new Set(e.parametros?.map((p) => p.local))).toEqual(
        new Set([k.local === 'query' ? 'query' : 'path']),
      );
    },
  );

  it('every page of the declarations that validates its address declares the schema', () => {
    const paginas = DECLARACOES.filter((d) => d.documento === false && d.metodo === 'get');
    for (const c of CASOS) expect(paginas.map((d) => d.caminho)).toContain(c.caminho);
  });
});
