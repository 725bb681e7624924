import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConjuntosSchema } from '@fundamentos/schemas/conjuntos';
import { ManifestSchema } from '@fundamentos/schemas/manifest';
import { beforeAll, describe, expect, it } from 'vitest';
import { amostraPublicada } from '../../testing/amostra.ts';
import { consultar } from '../../testing/consulta.ts';

/** The bulk sets of the real sample build (data/sample/raw). */
let cur: string;

beforeAll(async () => {
  cur = join(await amostraPublicada(), 'current');
}, 600_000);

describe('bulk sets: CSV, Parquet copy and column dictionary (real sample)', () => {
  it('every CSV set has a Parquet copy with the same rows, and a dictionary entry with every column', async () => {
    const m = ManifestSchema.parse(JSON.parse(await readFile(join(cur, 'manifest.json'), 'utf8')));
    const porCaminho = new Map(m.artefatos.map((a) => [a.path, a]));
    const dic = ConjuntosSchema.parse(JSON.parse(await readFile(join(cur, 'json/conjuntos.json'), 'utf8')));
    const porNome = new Map(dic.conjuntos.map((c) => [c.conjunto, c]));
    const csvs = m.artefatos.filter((a) => /^csv\/[a-z0-9_]+\.csv$/.test(a.path));
    const nomes = csvs.map((a) => a.path.slice(4, -4)).sort();
    for (const n of ['screener', 'fiis', 'fiis_pvp', 'fiis_proventos', 'etfs', 'etfs_agio', 'etfs_carteira'])
      expect(nomes).toContain(n);
    for (const a of csvs) {
      const nome = a.path.slice(4, -4);
      const pq = porCaminho.get(`parquet/${nome}.parquet`);
      expect(pq?.rows, nome).toBe(a.rows);
      const colunasPq = (
        await consultar('DESCRIBE SELECT * FROM read_parquet($1)', [join(cur, pq?.path ?? '')])
      ).map((r) => r.column_name);
      const cabecalho = (await readFile(join(cur, a.path), 'utf8')).split('\n', 1)[0]?.split(',');
      expect(cabecalho, nome).toEqual(colunasPq);
      expect(
        porNome.get(nome)?.colunas.map((c) => c.coluna),
        nome,
      ).toEqual(colunasPq);
      // The manifest's sha256 is the file's.
      const bytes = await readFile(join(cur, a.path));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(a.sha256);
    }
  });

  it('fund sets carry feito_aqui: HGLG11 distributions from the made-here B3 answer are marked, real rows are not', async () => {
    const rows = await consultar(
      `SELECT ticker, tipo, CAST(valor AS VARCHAR) AS valor, CAST(data_com AS VARCHAR) AS data_com, feito_aqui, arquivo
       FROM read_parquet($1) ORDER BY data_com DESC, tipo LIMIT 1`,
      [join(cur, 'parquet/fiis_proventos.parquet')],
    );
    expect(rows).toEqual([
      {
        ticker: 'HGLG11',
        tipo: 'RENDIMENTO',
        valor: '1.0',
        data_com: '2026-08-31',
        feito_aqui: true,
        arquivo: 'feitos-aqui/b3/fundos/GetListedSupplementFunds_0_HGLG_7.json',
      },
    ]);
    // MXRF11: real CVM reports and COTAHIST only (inf_mensal_fii_geral_2021.csv line 7554).
    const fundos = await consultar(
      `SELECT ticker, feito_aqui, dy_12m, flag_dy FROM read_parquet($1)
       WHERE ticker IN ('HGLG11', 'MXRF11') ORDER BY ticker`,
      [join(cur, 'parquet/fiis.parquet')],
    );
    expect(fundos).toEqual([
      { ticker: 'HGLG11', feito_aqui: true, dy_12m: 12 / 148.34, flag_dy: 'proventos_feitos_aqui' },
      { ticker: 'MXRF11', feito_aqui: false, dy_12m: null, flag_dy: 'sem_fonte_de_rendimentos' },
    ]);
    const [etf] = await consultar(
      `SELECT count(*) AS n, list(ticker ORDER BY ticker) FILTER (WHERE feito_aqui) AS feitos FROM read_parquet($1)`,
      [join(cur, 'parquet/etfs.parquet')],
    );
    // The 83 lines of the real B3 list (etfs-listados-20231014.csv); the three linked to the made-here fund
    // files of feitos-aqui/cvm/fundos-etf are marked, the other 80 rest on real files only.
    expect(etf).toEqual({ n: '83', feitos: ['IVVB11', 'SMAL11', 'SPXI11'] });
  });

  it('the dictionary gives type and meaning in both languages', async () => {
    const dic = ConjuntosSchema.parse(JSON.parse(await readFile(join(cur, 'json/conjuntos.json'), 'utf8')));
    const dy = dic.conjuntos.find((c) => c.conjunto === 'fiis')?.colunas.find((c) => c.coluna === 'dy_12m');
    expect(dy).toEqual({
      coluna: 'dy_12m',
      tipo: 'DOUBLE',
      significado: 'rendimento_12m / preco',
      significado_en: 'rendimento_12m / preco',
    });
    const report = JSON.parse(await readFile(join(cur, 'report.json'), 'utf8')) as {
      invariantes: { nome: string; falhas: number; exemplos: unknown[] }[];
    };
    const doc = report.invariantes.find((i) => i.nome === 'conjuntos_colunas_documentadas');
    expect(doc?.exemplos).toEqual([]);
    const roe = dic.conjuntos.find((c) => c.conjunto === 'screener')?.colunas.find((c) => c.coluna === 'roe');
    expect(roe?.significado).toContain('/dicionario#roe');
  });
});
