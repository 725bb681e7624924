import { describe, expect, it } from 'vitest';
import {
  lerParametrosScreener,
  ScreenerParametrosDocSchema,
  ScreenerParametrosSchema,
  ScreenerRespostaSchema,
} from './screener.ts';

const ler = (qs: string) => lerParametrosScreener(new URLSearchParams(qs));
const caminhos = (qs: string) => {
  const r = ler(qs);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('screener parameters', () => {
  it('applies the defaults of the spec', () => {
    const r = ler('');
    expect(r.success && r.data).toEqual({ filtros: [], limite: 100, recibo: false, rigor: 'padrao' });
  });
  it('reads ranges, year, as_of, limite, recibo, rigor; filters sorted for stable receipts', () => {
    const r = ler(
      'pl_max=15&roe_min=0.15&pl_min=0&ano=2023&as_of=2024-04-30&limite=20&recibo=true&rigor=estrito',
    );
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.filtros).toEqual([
      { indicador: 'roe', operador: 'min', valor: 0.15 },
      { indicador: 'pl', operador: 'min', valor: 0 },
      { indicador: 'pl', operador: 'max', valor: 15 },
    ]);
    expect(r.data).toMatchObject({
      ano: 2023,
      as_of: '2024-04-30',
      limite: 20,
      recibo: true,
      rigor: 'estrito',
    });
  });
  it('refuses unknown parameters instead of ignoring them', () => {
    expect(caminhos('roe_minimo=0.1')).toEqual(['roe_minimo']);
    expect(caminhos('lucro_min=1')).toEqual(['lucro_min']);
    expect(caminhos('pvp_max=1')).toEqual(['pvp_max']);
  });
  it('refuses non-numbers, min above max, bad dates and bad booleans', () => {
    expect(caminhos('roe_min=abc')).toEqual(['roe_min']);
    expect(caminhos('roe_min=15%')).toEqual(['roe_min']);
    expect(caminhos('roe_min=')).toEqual(['roe_min']);
    expect(caminhos('roe_min=1e999')).toEqual(['roe_min']);
    expect(caminhos('roe_min=0.2&roe_max=0.1')).toEqual(['roe_min']);
    expect(caminhos('as_of=2023-02-29')).toEqual(['as_of']);
    expect(caminhos('as_of=30/04/2024')).toEqual(['as_of']);
    expect(caminhos('ano=23')).toEqual(['ano']);
    expect(caminhos('limite=0')).toEqual(['limite']);
    expect(caminhos('limite=2.5')).toEqual(['limite']);
    expect(caminhos('recibo=sim')).toEqual(['recibo']);
    expect(caminhos('rigor=frouxo')).toEqual(['rigor']);
  });
  it('the documented parameters are exactly the ones the parser accepts', () => {
    const documentados = Object.keys(ScreenerParametrosDocSchema.shape);
    expect(documentados).toHaveLength(35);
    const exemplo: Record<string, string> = {
      ano: '2023',
      as_of: '2024-04-30',
      limite: '5',
      recibo: 'false',
      rigor: 'padrao',
    };
    const todos = Object.fromEntries(
      documentados.map((k) => [k, exemplo[k] ?? (k.endsWith('_min') ? '0' : '1')]),
    );
    expect(ScreenerParametrosSchema.safeParse(todos).success).toBe(true);
  });
  it('refuses a repeated parameter', () => {
    expect(caminhos('roe_min=0.1&roe_min=0.2')).toEqual(['roe_min']);
  });
  it('accepts equal min and max and negative bounds', () => {
    expect(
      ScreenerParametrosSchema.safeParse({ roe_min: '0.1', roe_max: '0.1', cresc_receita_1a_min: '-0.05' })
        .success,
    ).toBe(true);
  });
});

// Made here from the spec's screener table (no company numbers).
const resposta = {
  total: 1,
  filtros: [{ indicador: 'pl', operador: 'max', valor: 15 }],
  empresas: [
    {
      cd_regulator: 5410,
      ano: 2021,
      indicadores: { roe: 0.2 },
      disponivel_em: '2022-02-03',
      nome: 'WEG S.A.',
      ticker: 'WEGE3',
      multiplos: { pl: { valor: 10, dt_receb: '2022-02-03', data_preco: '2022-02-03', ressalvas: [] } },
    },
  ],
  nota: 'Só valores sem flag.',
  criterio: 'último ano com dados',
  limite_conhecido: 'Universo: empresas ativas hoje (viés de sobrevivência).',
  fora_do_filtro: {
    n: 2,
    por_motivo: { pl_negativo: 1, pl_extremo: 1 },
    resumo: '2 empresas ficaram de fora.',
  },
};

describe('screener answer', () => {
  it('accepts an answer with a P/L filter', () => {
    expect(ScreenerRespostaSchema.safeParse(resposta).success).toBe(true);
  });
  it('refuses an unknown indicator in a row, an as_of that is null and a bad receipt hash', () => {
    const linha = { ...resposta.empresas[0], indicadores: { lucro: 1 } };
    expect(ScreenerRespostaSchema.safeParse({ ...resposta, empresas: [linha] }).success).toBe(false);
    expect(ScreenerRespostaSchema.safeParse({ ...resposta, as_of: null }).success).toBe(false);
    const recibo = {
      id: 'abc',
      url: '/recibo/abc',
      json: '/recibo/abc.json',
      sha256: 'XYZ',
      criado_em: '2026-11-22T03:00:00-03:00',
      versao_do_dado: '2026-11-22-amostra|1',
      como_conferir: 'sha256 do JSON canônico',
    };
    expect(ScreenerRespostaSchema.safeParse({ ...resposta, recibo }).success).toBe(false);
    expect(
      ScreenerRespostaSchema.safeParse({ ...resposta, recibo: { ...recibo, sha256: 'a'.repeat(64) } })
        .success,
    ).toBe(true);
  });
  it('refuses more rows than total and an unknown top-level field', () => {
    expect(ScreenerRespostaSchema.safeParse({ ...resposta, total: 0 }).success).toBe(false);
    expect(ScreenerRespostaSchema.safeParse({ ...resposta, limite: 100 }).success).toBe(false);
  });
});
