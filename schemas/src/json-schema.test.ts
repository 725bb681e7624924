import { describe, expect, it } from 'vitest';
import { ESQUEMAS, emitirJsonSchema, emitirTodosJsonSchemas, type NomeEsquema } from './json-schema.ts';

const nomes = Object.keys(ESQUEMAS) as NomeEsquema[];

describe('json schema emission', () => {
  it.each(nomes)('%s emits without throwing', (nome) => {
    const js = emitirJsonSchema(nome);
    expect(js.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('keeps strictness, nullability, formats and descriptions', () => {
    const todos = emitirTodosJsonSchemas();
    const empresa = todos.empresa;
    expect(empresa.additionalProperties).toBe(false);
    const cd = empresa.properties?.cd_regulator;
    expect(typeof cd === 'object' ? cd.description : undefined).toBe('Regulator company code.');
    const multiplos = JSON.stringify(todos.multiplos);
    expect(multiplos).toContain('"format":"date"');
    expect(multiplos).toContain('"type":"null"');
    // the screener query is documented parameter by parameter and closed
    const parametros = todos.screener_parametros;
    expect(parametros.additionalProperties).toBe(false);
    expect(Object.keys(parametros.properties ?? {})).toContain('pl_ttm_max');
  });
});
