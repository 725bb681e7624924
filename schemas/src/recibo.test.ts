import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical.ts';
import { conferirRecibo, filtrosComoTuplas, ReciboSchema, sha256DoResultado } from './recibo.ts';
import type { ScreenerResultado } from './screener.ts';

// Made here: a frozen result with no company rows (no financial numbers involved).
const resultado: ScreenerResultado = {
  total: 0,
  filtros: [{ indicador: 'roe', operador: 'min', valor: 0.15 }],
  empresas: [],
  nota: 'Não é recomendação.',
  criterio: 'último ano com dados',
  limite_conhecido: 'Universo: empresas ativas hoje.',
};

async function recibo() {
  return {
    id: 'r1',
    criado_em: '2026-11-22T03:00:00-03:00',
    versao_do_dado: '2026-11-22-amostra|1',
    consulta: { ano: null, as_of: null, filtros: filtrosComoTuplas(resultado.filtros), limite: 100 },
    resultado,
    sha256: await sha256DoResultado(resultado),
    como_conferir: "json.dumps(resultado, sort_keys=True, separators=(',',':'), ensure_ascii=False) e sha256",
    versao_legivel: '/recibo/r1',
    versao_do_dado_hoje: '2026-11-23-amostra|2',
    nota: 'Cópia congelada.',
  };
}

describe('recibo', () => {
  it('hashes the canonical bytes of resultado', async () => {
    expect(canonicalJson(resultado)).toBe(
      '{"criterio":"último ano com dados","empresas":[],"filtros":[{"indicador":"roe","operador":"min","valor":0.15}],' +
        '"limite_conhecido":"Universo: empresas ativas hoje.","nota":"Não é recomendação.","total":0}',
    );
    const r = ReciboSchema.parse(await recibo());
    expect(await conferirRecibo(r)).toBe(true);
  });
  it('detects a resultado changed after freezing', async () => {
    const r = ReciboSchema.parse(await recibo());
    expect(await conferirRecibo({ ...r, resultado: { ...r.resultado, total: 1 } })).toBe(false);
  });
  it('refuses a resultado that still carries the recibo block and filters as objects', async () => {
    const r = await recibo();
    const comRecibo = { ...r, resultado: { ...resultado, recibo: { id: 'r1' } } };
    expect(ReciboSchema.safeParse(comRecibo).success).toBe(false);
    const objetos = { ...r, consulta: { ...r.consulta, filtros: resultado.filtros } };
    expect(ReciboSchema.safeParse(objetos).success).toBe(false);
  });
});
