import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { EmpresaIndiceSchema } from '@fundamentos/schemas/empresa';
import { IndicadoresSchema } from '@fundamentos/schemas/indicadores';
import { type Manifest, ManifestSchema } from '@fundamentos/schemas/manifest';
import { MultiplosSchema } from '@fundamentos/schemas/multiplos';
import { ReapresentacoesEmpresaSchema } from '@fundamentos/schemas/reapresentacoes';
import { type ItemVeredito, type Veredito, VereditoSchema } from '@fundamentos/schemas/veredito';
import { beforeAll, describe, expect, it } from 'vitest';
import { amostraPublicada } from '../testing/amostra.ts';
import { consultar } from '../testing/consulta.ts';
import {
  carregarEntrada,
  classificarParecer,
  contarPalavras,
  type EntradaVereditos,
  FLAG_SEM_DADO,
  faixaDe,
  fraseTopo,
  ITENS_VEREDITO,
  MINIMO_GRUPO,
  mediana,
  montarVereditos,
  type NomeItem,
  referencia,
} from './veredito.ts';

describe('verdict rules (made-here values, not company results)', () => {
  it('bands: lower cut included, last cut or more, below the first', () => {
    expect(faixaDe('margem_liquida', -0.0001)?.pt).toBe('abaixo de 0%');
    expect(faixaDe('margem_liquida', 0)?.pt).toBe('de 0% a menos de 5%');
    expect(faixaDe('margem_liquida', 0.05)?.en).toBe('from 5% to under 15%');
    expect(faixaDe('margem_liquida', 0.15)?.pt).toBe('15% ou mais');
    expect(faixaDe('dl_ebitda', 2.9)?.pt).toBe('de 1x a menos de 3x');
    expect(faixaDe('pl', 9.99)?.pt).toBe('abaixo de 10');
    expect(faixaDe('pvp', 3)?.en).toBe('3 or more');
    expect(faixaDe('roic', null)).toBeNull();
  });

  it('median, and a group under the minimum has no median nor position', () => {
    expect(mediana([3, 1, 2])).toBe(2);
    expect(mediana([4, 1, 3, 2])).toBe(2.5);
    expect(referencia(1, [1, 2], true)).toEqual({ mediana: null, n: 2, posicao: null, percentil: null });
    expect(referencia(3, [1, 2, 3], true)).toEqual({ mediana: 2, n: 3, posicao: 'acima', percentil: 1 });
    // own history does not contain the value: median and side, no position inside
    expect(referencia(1, [1, 2, 3], false)).toEqual({ mediana: 2, n: 3, posicao: 'abaixo', percentil: null });
    expect(referencia(null, [1, 2, 3], true).posicao).toBeNull();
  });

  it("auditor's opinion kinds read without case or accents", () => {
    expect(classificarParecer('Sem Ressalva')).toBe('sem_ressalva');
    expect(classificarParecer('COM RESSALVA')).toBe('com_ressalva');
    expect(classificarParecer('Adverso')).toBe('adverso');
    expect(classificarParecer('Abstenção de Opinião')).toBe('abstencao');
    expect(classificarParecer('Outro texto')).toBe('outro');
  });

  it('the top sentence stays within 25 words with the longest values and comparisons', () => {
    const item = (nome: NomeItem, valor: number | null) =>
      ({
        nome,
        valor,
        comparacao: {
          setor: { mediana: 0, n: 9, posicao: 'igual', percentil: 0.5 },
          historico: null,
          universo: null,
        },
      }) as unknown as ItemVeredito;
    const itens = Object.fromEntries(ITENS_VEREDITO.map((n) => [n, item(n, -123456.789)])) as Record<
      NomeItem,
      ItemVeredito
    >;
    const f = fraseTopo(2024, itens);
    expect(contarPalavras(f.frase_topo)).toBeLessThanOrEqual(25);
    expect(contarPalavras(f.frase_topo_en)).toBeLessThanOrEqual(25);
    const vazios = Object.fromEntries(ITENS_VEREDITO.map((n) => [n, item(n, null)])) as Record<
      NomeItem,
      ItemVeredito
    >;
    expect(fraseTopo(2024, vazios).frase_topo).toContain('nenhum dos 5 números');
  });
});

/**
 * Made-here input (companies 1-3 of a made-up sector; placeholders, not company results) to check the
 * flag colours: a clean company, one with a qualified opinion on its verdict year, one restated and stale.
 */
function entradaFeitaAqui(): EntradaVereditos {
  const empresa = (cd: number) => ({
    cd_regulator: cd,
    nome: `EMPRESA ${cd} FEITA AQUI`,
    cnpj: `00.000.000/0000-0${cd}`,
    setor: 'Setor feito aqui',
    tipo: 'geral',
    ticker_atual: `TST${cd}3`,
  });
  const ind = (cd: number, ano: number, valor: number) =>
    ['margem_liquida', 'roic', 'dl_ebitda'].map((nome) => ({
      cd_regulator: cd,
      ano,
      nome,
      valor,
      flag: null,
    }));
  const mult = (cd: number, ano: number, v: number) => ({
    cd_regulator: cd,
    ano,
    dt_receb: `${ano + 1}-03-01`,
    data_preco: `${ano + 1}-03-02`,
    preco: 1,
    pl: v,
    pvp: v,
    flag_pl: null,
    flag: null,
  });
  const doc = (cd: number, ano: number) => ({
    cd_regulator: cd,
    ultimo_dfp_referencia: `${ano}-12-31`,
    ultimo_dfp_recebido: `${ano + 1}-03-01`,
    ultimo_itr_referencia: null,
  });
  return {
    empresas: [empresa(1), empresa(2), empresa(3)],
    indicadores: [...ind(1, 2022, 0.1), ...ind(1, 2021, 0.2), ...ind(2, 2022, 0.2), ...ind(3, 2021, 0.3)],
    multiplos: [mult(1, 2022, 5), mult(2, 2022, 15), mult(3, 2021, 25)],
    reapresentacoes: [{ cd_regulator: 3, ano: 2021, dif_rel: -0.5 }],
    pareceres: [
      { cd_regulator: 1, ano: 2022, tipo: 'Sem Ressalva' },
      { cd_regulator: 2, ano: 2022, tipo: 'Com Ressalva' },
    ],
    documentos: [doc(1, 2022), doc(2, 2022), doc(3, 2022)],
  };
}

describe('flag colours and comparisons on a made-here input', () => {
  const vs = new Map(
    montarVereditos(entradaFeitaAqui(), '2026-01-02-teste|1', '2026-01-02').map((v) => [
      v.empresa.cd_regulator,
      v,
    ]),
  );

  it('clean company: verde, no reasons, its own history and bands', () => {
    const v = vs.get(1) as Veredito;
    expect(VereditoSchema.parse(v)).toEqual(v);
    expect(v.bandeira.cor).toBe('verde');
    expect(v.bandeira.motivos).toEqual([]);
    expect(v.bandeira.ressalvas).toEqual({ n: 0, de: 1, quais: [] });
    expect(v.itens.margem_liquida?.faixa).toBe('de 5% a menos de 15%');
    expect(v.itens.pl?.faixa).toBe('abaixo de 10');
    // only companies 1 and 2 have 2022 values: a sector of two has no median
    expect(v.itens.roic?.comparacao.setor).toEqual({ mediana: null, n: 2, posicao: null, percentil: null });
    expect(v.itens.roic?.comparacao.historico).toMatchObject({ n: 1, mediana: null });
  });

  it("a qualified opinion on the verdict year's DFP makes it vermelho", () => {
    const v = vs.get(2) as Veredito;
    expect(v.bandeira.cor).toBe('vermelho');
    expect(v.bandeira.ressalvas).toEqual({ n: 1, de: 1, quais: ['2022: Com Ressalva'] });
    expect(v.bandeira.motivos[0]).toContain('parecer do auditor');
  });

  it('a restated verdict year and a newer DFP than the indicators make it amarelo', () => {
    const v = vs.get(3) as Veredito;
    expect(v.ano).toBe(2021);
    expect(v.bandeira.cor).toBe('amarelo');
    expect(v.bandeira.reapresentacoes).toEqual({
      n: 1,
      anos: [2021],
      por_ano: { '2021': 1 },
      maior_dif_rel: 0.5,
      ultimo_ano: 2021,
    });
    expect(v.bandeira.defasagem.anos_entre_indicador_e_balanco).toBe(1);
    expect(v.bandeira.motivos).toHaveLength(2);
    expect(v.itens.margem_liquida?.marcas).toContain('ano_reapresentado');
  });
});

let cur: string;
let manifesto: Manifest;
let vereditos: Map<number, Veredito>;
const ler = async (p: string): Promise<unknown> => JSON.parse(await readFile(join(cur, p), 'utf8'));

beforeAll(async () => {
  cur = join(await amostraPublicada(), 'current');
  manifesto = ManifestSchema.parse(await ler('manifest.json'));
  vereditos = new Map();
  for (const a of manifesto.artefatos) {
    const m = /^json\/empresas\/(\d+)\/veredito\.json$/.exec(a.path);
    if (m) vereditos.set(Number(m[1]), VereditoSchema.parse(await ler(a.path)));
  }
}, 900_000);

/** Companies with an index (published) and their indicators, read from the artefacts. */
async function publicadas() {
  const out = [];
  for (const a of manifesto.artefatos) {
    const m = /^json\/empresas\/(\d+)\/index\.json$/.exec(a.path);
    if (!m) continue;
    const cd = Number(m[1]);
    const indice = EmpresaIndiceSchema.parse(await ler(a.path));
    const ind = IndicadoresSchema.parse(await ler(`json/empresas/${cd}/indicadores.json`));
    const mult = MultiplosSchema.parse(await ler(`json/empresas/${cd}/multiplos.json`));
    out.push({ cd, indice, ind, mult });
  }
  return out;
}

describe('json/empresas/<cd>/veredito.json (real sample)', () => {
  it('one verdict per company with published indicators, listed in the manifest, within 25 words', async () => {
    const comIndicadores = (await publicadas()).filter((e) => e.ind.indicadores.length > 0).map((e) => e.cd);
    expect(comIndicadores.length).toBeGreaterThan(10);
    expect([...vereditos.keys()].sort((a, b) => a - b)).toEqual(comIndicadores.sort((a, b) => a - b));
    for (const v of vereditos.values()) {
      expect(contarPalavras(v.frase_topo), v.frase_topo).toBeLessThanOrEqual(25);
      expect(contarPalavras(v.frase_topo_en), v.frase_topo_en).toBeLessThanOrEqual(25);
      expect(v.versao_do_dado).toBe(manifesto.versao_do_dado);
    }
  });

  it("items copy the company's indicators and multiples as published, for its latest indicator year", async () => {
    const todas = await publicadas();
    let conferidos = 0;
    for (const { cd, indice, ind, mult } of todas) {
      const v = vereditos.get(cd);
      if (!v) continue;
      expect(v.ano).toBe(Math.max(...ind.indicadores.map((l) => l.ano)));
      expect(v.empresa).toMatchObject({ ticker: indice.ticker, setor: indice.setor, nome: indice.nome });
      for (const nome of ['margem_liquida', 'roic', 'dl_ebitda'] as const) {
        const l = ind.indicadores.find((x) => x.ano === v.ano && x.nome === nome);
        expect(v.itens[nome]).toMatchObject({ valor: l?.valor ?? null, flag: l ? l.flag : FLAG_SEM_DADO });
      }
      const m = mult.anuais.find((x) => x.ano === v.ano);
      expect(v.itens.pl?.valor).toBe(m?.pl ?? null);
      expect(v.itens.pvp).toMatchObject({ valor: m?.pvp ?? null, flag: m ? m.flag : FLAG_SEM_DADO });
      expect(v.itens.pl?.data_preco).toBe(m?.data_preco ?? null);
      conferidos++;
    }
    expect(conferidos).toBe(vereditos.size);
  });

  it('the P/L flag is the multiple row flag_pl of the bulk set multiplos.parquet', async () => {
    const rows = await consultar(
      `SELECT cd_regulator, ano, flag_pl FROM '${join(cur, 'parquet/multiplos.parquet')}'`,
    );
    const flagPl = new Map(rows.map((r) => [`${r.cd_regulator}|${r.ano}`, r.flag_pl]));
    for (const v of vereditos.values()) {
      const k = `${v.empresa.cd_regulator}|${v.ano}`;
      expect(v.itens.pl?.flag).toBe(flagPl.has(k) ? flagPl.get(k) : FLAG_SEM_DADO);
    }
  });

  it('sector medians equal the median recomputed here from every published indicators.json', async () => {
    const todas = await publicadas();
    let comMediana = 0;
    for (const v of vereditos.values()) {
      for (const nome of ['margem_liquida', 'roic', 'dl_ebitda'] as const) {
        const valores = todas
          .filter((e) => e.indice.setor === v.empresa.setor)
          .flatMap((e) =>
            e.ind.indicadores.filter((l) => l.ano === v.ano && l.nome === nome && l.valor !== null),
          )
          .map((l) => l.valor as number)
          .sort((a, b) => a - b);
        const s = v.itens[nome]?.comparacao.setor;
        if (v.empresa.setor === 'Não informado') {
          expect(s).toBeNull();
          continue;
        }
        expect(s?.n, `${v.empresa.ticker} ${nome}`).toBe(valores.length);
        const h = Math.floor(valores.length / 2);
        const esperada =
          valores.length < MINIMO_GRUPO
            ? null
            : valores.length % 2 === 1
              ? valores[h]
              : ((valores[h - 1] as number) + (valores[h] as number)) / 2;
        expect(s?.mediana).toBe(esperada);
        if (esperada !== null) comMediana++;
      }
    }
    // the sample has sectors with at least three companies in the same year (Bancos, 2022: five)
    expect(comMediana).toBeGreaterThan(0);
  });

  it('the flag counts restatements as reapresentacoes.json lists them and dates from the DFP index', async () => {
    const idx = await consultar(
      `SELECT CAST(cd_cvm AS INTEGER) AS cd, max(dt_refer)::VARCHAR AS ref FROM '${join(cur, 'parquet/stg_cvm_doc_indice.parquet')}'
       WHERE _doc = 'DFP' GROUP BY ALL`,
    );
    const ref = new Map(idx.map((r) => [Number(r.cd), String(r.ref)]));
    for (const v of vereditos.values()) {
      const cd = v.empresa.cd_regulator;
      const r = ReapresentacoesEmpresaSchema.parse(await ler(`json/empresas/${cd}/reapresentacoes.json`));
      expect(v.bandeira.reapresentacoes.n).toBe(r.total);
      expect(v.bandeira.reapresentacoes.anos).toEqual(
        [...new Set(r.reapresentacoes.map((x) => x.ano))].sort(),
      );
      expect(v.bandeira.defasagem.ultimo_dfp_referencia).toBe(ref.get(cd));
      expect(v.bandeira.defasagem.anos_entre_indicador_e_balanco).toBe(
        Number(ref.get(cd)?.slice(0, 4)) - v.ano,
      );
      // the sample has no DFP opinion file (only a made-here ITR one): no opinion is read
      expect(v.bandeira.ressalvas).toEqual({ n: 0, de: 0, quais: [] });
      const n = Object.values(v.itens).filter((i) => i?.valor !== null).length;
      expect(v.bandeira.numeros_publicados).toBe(n);
      if (n === 0) expect(v.bandeira.cor).not.toBe('verde');
      // red needs a qualified opinion on the verdict year's DFP, and the sample has no DFP opinion
      expect(v.bandeira.cor).not.toBe('vermelho');
      if (v.bandeira.cor === 'verde') expect(v.bandeira.motivos).toEqual([]);
      else expect(v.bandeira.motivos.length).toBeGreaterThan(0);
    }
  });

  it('deterministic: rebuilt from the published bulk sets, in any row order, it gives the published verdicts', async () => {
    const inst = await DuckDBInstance.create(':memory:');
    const db = await inst.connect();
    try {
      const p = (n: string) => `'${join(cur, 'parquet', `${n}.parquet`)}'`;
      for (const [tabela, arquivo] of [
        ['mart_empresas', 'empresas'],
        ['mart_indicadores', 'indicadores'],
        ['mart_mercado_multiplos_anuais', 'multiplos'],
        ['mart_reapresentacoes', 'reapresentacoes'],
        ['stg_cvm_doc_indice', 'stg_cvm_doc_indice'],
        ['stg_cvm_parecer', 'stg_cvm_parecer'],
      ] as const)
        await db.run(`CREATE VIEW ${tabela} AS SELECT * FROM ${p(arquivo)}`);
      const entrada = await carregarEntrada(db);
      const um = [...vereditos.values()][0] as Veredito;
      const a = montarVereditos(entrada, manifesto.versao_do_dado, um.apurado_em);
      expect(a).toEqual([...vereditos.values()]);
      const invertida: EntradaVereditos = {
        empresas: [...entrada.empresas].reverse(),
        indicadores: [...entrada.indicadores].reverse(),
        multiplos: [...entrada.multiplos].reverse(),
        reapresentacoes: [...entrada.reapresentacoes].reverse(),
        pareceres: [...entrada.pareceres].reverse(),
        documentos: [...entrada.documentos].reverse(),
      };
      const b = montarVereditos(invertida, manifesto.versao_do_dado, um.apurado_em);
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    } finally {
      db.closeSync();
      inst.closeSync();
    }
  });
});
