import { DuckDBInstance } from '@duckdb/node-api';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { type QuantoRendeu, QuantoRendeuSchema } from '@fundamentos/schemas/quanto-rendeu';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildContext } from '../../core/stage.ts';
import { FLAGS_RENDEU, publicarQuantoRendeu, SQL_QUANTO_RENDEU } from './quanto-rendeu.ts';

/**
 * MADE HERE, no real numbers (the real sample has two COTAHIST sessions, so no horizon has a start
 * session there): fictitious companies 999999 (FICT3, ON), 999998 (FICU11, a unit: no class) and
 * 999997 (main code FICV4 never traded, FICV3 did). FICT3 closes 20 (2019-06-28), 30 (2021-07-20),
 * 40 (2023-06-30), 22 (2024-06-28); a 100% DESDOBRAMENTO with data_com 2023-12-15 (factor 0.5 up to
 * it); ON proventos 0.5 (2019-06-28), 1.0 (2023-09-01), 0.6 (2024-03-01), 0.3 (2024-06-28) and a PN one.
 * IBOV 100000 (2023-06-30) → 120000 (2024-06-28). Selic series 11 every weekday 2019-06-03..2024-07-05,
 * 0.03 %/day before 2022 and 0.05 after, without 2020-01-10..2020-01-25 (a gap), and a second file
 * repeating 2024-01-02..2024-01-05 (must not be compounded twice).
 */
const SESSOES = [
  { cd: 999999, ticker: 'FICT3', data: '2019-06-28', fech: 20, fator: 0.5 },
  { cd: 999999, ticker: 'FICT3', data: '2021-07-20', fech: 30, fator: 0.5 },
  { cd: 999999, ticker: 'FICT3', data: '2023-06-30', fech: 40, fator: 0.5 },
  { cd: 999999, ticker: 'FICT3', data: '2024-06-28', fech: 22, fator: 1 },
  { cd: 999998, ticker: 'FICU11', data: '2023-06-28', fech: 10, fator: 1 },
  { cd: 999998, ticker: 'FICU11', data: '2024-06-28', fech: 11, fator: 1 },
  { cd: 999997, ticker: 'FICV3', data: '2024-06-28', fech: 5, fator: 1 },
];
const PROVENTOS = [
  { cd: 999999, tipo: 'ON', valor: 0.5, data_com: '2019-06-28' },
  { cd: 999999, tipo: 'ON', valor: 1.0, data_com: '2023-09-01' },
  { cd: 999999, tipo: 'ON', valor: 0.6, data_com: '2024-03-01' },
  { cd: 999999, tipo: 'ON', valor: 0.3, data_com: '2024-06-28' },
  { cd: 999999, tipo: 'PN', valor: 9, data_com: '2023-09-01' },
  { cd: 999998, tipo: 'UNT', valor: 0.2, data_com: '2024-01-10' },
];
const SPLIT = '2023-12-15';
const fatorEm = (d: string): number => (d <= SPLIT ? 0.5 : 1);

const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const dia = (d: string): number => Date.parse(`${d}T00:00:00Z`);
function selicDias(): { data: string; taxa: number }[] {
  const out: { data: string; taxa: number }[] = [];
  for (let t = dia('2019-06-03'); t <= dia('2024-07-05'); t += 86_400_000) {
    const d = iso(t);
    const w = new Date(t).getUTCDay();
    if (w === 0 || w === 6 || (d >= '2020-01-10' && d <= '2020-01-25')) continue;
    out.push({ data: d, taxa: d < '2022-01-01' ? 0.03 : 0.05 });
  }
  return out;
}
const SELIC = selicDias();

/** Independent reading of the rule: compound every daily rate dated in [ini, fim). */
const selicEsperada = (ini: string, fim: string): number =>
  SELIC.filter((s) => s.data >= ini && s.data < fim).reduce((f, s) => f * (1 + s.taxa / 100), 1000);

const porEmpresa = new Map<number, QuantoRendeu>();

beforeAll(async () => {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const q = (s: string) => `'${s}'`;
  await db.run(`
CREATE TABLE mart_empresas AS SELECT * FROM (VALUES
  (999999, 'FICT3', ['FICT3']), (999998, 'FICU11', ['FICU11']), (999997, 'FICV4', ['FICV3', 'FICV4'])
) t(cd_regulator, ticker_atual, tickers);
CREATE TABLE int_mercado_precos_empresa AS SELECT * FROM (VALUES ${SESSOES.map(
    (s, i) =>
      `(${s.cd}, ${q(s.ticker)}, DATE ${q(s.data)}, ${s.fech}::DOUBLE, ${s.fator}::DOUBLE,
        ${q(s.ticker === 'FICT3' ? 'XXFICTACNOR0' : 'XXFICUCDAM00')}, ${s.ticker === 'FICT3' ? q('ON') : 'NULL'},
        ${q(`b3/cotahist/COTAHIST_A${s.data.slice(0, 4)}.TXT`)}, ${i + 2})`,
  ).join(',\n')}) t(cd_regulator, ticker, data, fechamento, fator_ajuste, codisi, classe, arquivo, linha);
CREATE TABLE int_mercado_eventos AS SELECT 'XXFICTACNOR0' AS codisi, 'DESDOBRAMENTO' AS tipo, DATE '${SPLIT}' AS data_com,
  100.0::DOUBLE AS fator;
CREATE TABLE mart_mercado_proventos AS SELECT * FROM (VALUES ${PROVENTOS.map(
    (p, i) =>
      `(${p.cd}, ${q(p.tipo)}, ${p.valor}::DOUBLE, DATE ${q(p.data_com)}, 'b3/empresas/GetListedCashDividends_FICT.json', ${i + 1})`,
  ).join(', ')}) t(cd_regulator, tipo_acao, valor, data_com, arquivo, linha);
CREATE TABLE stg_b3_indice_diario AS SELECT * FROM (VALUES
  ('IBOV', DATE '2023-06-30', 100000.00::DECIMAL(38,2), 'b3/indices/GetPortfolioDay_IBOV_2023.json', 1, '$.results[29].rateValue6'),
  ('IBOV', DATE '2024-06-28', 120000.00::DECIMAL(38,2), 'b3/indices/GetPortfolioDay_IBOV_2024.json', 1, '$.results[27].rateValue6')
) t(indice, data, valor, _arquivo, _linha, _caminho);
CREATE TABLE stg_bcb_sgs AS SELECT * FROM (VALUES ${SELIC.map(
    (s, i) => `('11', DATE ${q(s.data)}, ${s.taxa}::DECIMAL(38,10), 'bcb/selic.json', ${i + 1})`,
  ).join(', ')},
  ('11', DATE '2024-01-02', 0.05::DECIMAL(38,10), 'bcb/sgs_11.json', 1),
  ('11', DATE '2024-01-03', 0.05::DECIMAL(38,10), 'bcb/sgs_11.json', 2)
) t(serie, data, valor, _arquivo, _linha);`);
  await db.run(SQL_QUANTO_RENDEU);
  const escritos: ManifestEntry[] = [];
  const ctx = {
    db,
    versao_do_dado: '2026-01-02-feito-aqui|1',
    data_build: '2026-01-02',
    log: () => undefined,
    report: { quarantine: async () => undefined, invariant: () => undefined, note: () => undefined },
    writer: {
      async json(a) {
        // what the real writer does before touching the disk: validate with the schema
        const d = QuantoRendeuSchema.parse(a.data);
        porEmpresa.set(d.cd_regulator, d);
        const e = { nome: a.name, path: a.path } as unknown as ManifestEntry;
        escritos.push(e);
        return e;
      },
      parquet: () => Promise.reject(new Error('not used')),
      csv: () => Promise.reject(new Error('not used')),
      text: () => Promise.reject(new Error('not used')),
    },
  } satisfies BuildContext;
  await publicarQuantoRendeu(ctx);
  expect(escritos.map((e) => e.path).sort()).toEqual([
    'json/empresas/999997/quanto-rendeu.json',
    'json/empresas/999998/quanto-rendeu.json',
    'json/empresas/999999/quanto-rendeu.json',
  ]);
});

const h = (cd: number, anos: number) => {
  const x = porEmpresa.get(cd)?.horizontes.find((y) => y.anos === anos);
  if (!x) throw new Error(`no horizon ${anos} for ${cd}`);
  return x;
};

describe('quanto rendeu on a made-here fixture', () => {
  it('1 year: start two days after the asked date; split and proventos adjusted; index and Selic on the same window', () => {
    const x = h(999999, 1);
    expect(x).toMatchObject({
      data_pedida: '2023-06-28',
      data_inicio: '2023-06-30',
      dias_ate_inicio: 2,
      preco_inicio: 40,
    });
    // independent: 1000 / (40 × 0.5) = 50 adjusted shares; close 22 × 1 at the end
    const base = 40 * fatorEm('2023-06-30');
    expect(x.mil_reais_preco.valor).toBeCloseTo((1000 * 22) / base, 9);
    expect(x.mil_reais_preco.flag).toBeNull();
    // proventos with data_com in [2023-06-30, 2024-06-28): 1.0 before the split (× 0.5) and 0.6 after; 0.3 on ate is out
    const prov = PROVENTOS.filter(
      (p) => p.cd === 999999 && p.tipo === 'ON' && p.data_com >= '2023-06-30' && p.data_com < '2024-06-28',
    );
    const soma = prov.reduce((s, p) => s + p.valor * fatorEm(p.data_com), 0);
    expect(prov).toHaveLength(2);
    expect(x.mil_reais_com_proventos.valor).toBeCloseTo((1000 * (22 + soma)) / base, 9);
    expect(x.mil_reais_com_proventos.n_proventos).toBe(2);
    expect(x.mil_reais_com_proventos.proventos_por_acao).toBeCloseTo(soma / 0.5, 12);
    expect(x.indice).toMatchObject({
      valor: 1200,
      flag: null,
      data_inicio: '2023-06-30',
      data_fim: '2024-06-28',
    });
    expect(x.selic.valor).toBeCloseTo(selicEsperada('2023-06-30', '2024-06-28'), 9);
    expect(x.selic.taxas).toBe(SELIC.filter((s) => s.data >= '2023-06-30' && s.data < '2024-06-28').length);
    expect(x.selic.fontes).toEqual(['bcb/selic.json (série 11)']);
  });

  it('3 years: the first session is 22 days after the asked date, so the code is null; Selic runs from the asked date', () => {
    const x = h(999999, 3);
    expect(x).toMatchObject({ data_pedida: '2021-06-28', data_inicio: '2021-07-20', dias_ate_inicio: 22 });
    expect(x.mil_reais_preco).toEqual({ valor: null, flag: FLAGS_RENDEU.inicioDistante });
    expect(x.mil_reais_com_proventos).toMatchObject({ valor: null, flag: FLAGS_RENDEU.inicioDistante });
    expect(x.indice).toMatchObject({ valor: null, flag: FLAGS_RENDEU.indice });
    expect(x.selic.data_inicio).toBe('2021-06-28');
    expect(x.selic.valor).toBeCloseTo(selicEsperada('2021-06-28', '2024-06-28'), 9);
  });

  it('5 years: start on the asked date; the provento on the start day counts; the Selic gap nulls the rate', () => {
    const x = h(999999, 5);
    expect(x).toMatchObject({ data_pedida: '2019-06-28', data_inicio: '2019-06-28', dias_ate_inicio: 0 });
    const base = 20 * 0.5;
    expect(x.mil_reais_preco.valor).toBeCloseTo((1000 * 22) / base, 9);
    const soma = 0.5 * 0.5 + 1.0 * 0.5 + 0.6 * 1;
    expect(x.mil_reais_com_proventos.valor).toBeCloseTo((1000 * (22 + soma)) / base, 9);
    expect(x.mil_reais_com_proventos.n_proventos).toBe(3);
    expect(x.selic).toMatchObject({ valor: null, flag: FLAGS_RENDEU.selic });
    expect(x.indice).toMatchObject({ valor: null, flag: FLAGS_RENDEU.indice });
  });

  it('10 years: no session near 2014-06-28 and no Selic before 2019', () => {
    const x = h(999999, 10);
    expect(x).toMatchObject({ data_pedida: '2014-06-28', data_inicio: '2019-06-28' });
    expect(x.mil_reais_preco.flag).toBe(FLAGS_RENDEU.inicioDistante);
    expect(x.selic).toMatchObject({ valor: null, flag: FLAGS_RENDEU.selic });
  });

  it('a unit has no share class to pick its proventos: price kept, with-proventos null', () => {
    const x = h(999998, 1);
    expect(x.mil_reais_preco.valor).toBeCloseTo(1100, 9);
    expect(x.mil_reais_com_proventos).toMatchObject({ valor: null, flag: FLAGS_RENDEU.classeIndefinida });
  });

  it('a main code that never traded: every value null with the same flag', () => {
    const c = porEmpresa.get(999997);
    expect(c).toMatchObject({ ticker: 'FICV4', ate: null });
    for (const x of c?.horizontes ?? [])
      for (const m of [x.mil_reais_preco, x.mil_reais_com_proventos, x.indice, x.selic])
        expect(m).toMatchObject({ valor: null, flag: FLAGS_RENDEU.semPregao });
  });
});
