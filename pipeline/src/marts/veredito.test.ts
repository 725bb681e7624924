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
import { tabelaDeStagingPublicada } from '../publish/staging-publicado.ts';
import { amostraPublicada } from '../testing/amostra.ts';
import { consultar } from '../testing/consulta.ts';
import { vistasDaPublicacao } from './veredito/vistas-publicadas.ts';
import {
  carregarMart,
  construirMartVeredito,
  contarPalavras,
  FLAG_SEM_DADO,
  faixaDe,
  formatar,
  fraseTopo,
  ITENS_VEREDITO,
  type MartVereditos,
  MINIMO_GRUPO,
  montarVereditos,
  type NomeItem,
  PASSOS_MART,
} from './veredito.ts';

/** Made-here input rows, shaped as the verdict's `int_veredito_*` tables (test-local, not company results). */
interface EntradaFeitaAqui {
  empresas: {
    cd_regulator: number;
    nome: string;
    cnpj: string;
    setor: string;
    tipo: string;
    ticker_atual: string;
  }[];
  indicadores: {
    cd_regulator: number;
    ano: number;
    nome: string;
    valor: number | null;
    flag: string | null;
  }[];
  multiplos: {
    cd_regulator: number;
    ano: number;
    dt_receb: string;
    data_preco: string;
    preco: number | null;
    pl: number | null;
    pvp: number | null;
    flag_pl: string | null;
    flag: string | null;
  }[];
  reapresentacoes: { cd_regulator: number; ano: number; dif_rel: number | null }[];
  pareceres: { cd_regulator: number; ano: number; tipo: string }[];
  documentos: {
    cd_regulator: number;
    ultimo_dfp_referencia: string;
    ultimo_dfp_recebido: string;
    ultimo_itr_referencia: string | null;
  }[];
}

/** Column types of each `int_veredito_<key>` table the made-here input fills. */
const COLUNAS_ENTRADA: Record<keyof EntradaFeitaAqui, string> = {
  empresas:
    'cd_regulator INTEGER, nome VARCHAR, cnpj VARCHAR, setor VARCHAR, tipo VARCHAR, ticker_atual VARCHAR',
  indicadores: 'cd_regulator INTEGER, ano INTEGER, nome VARCHAR, valor DOUBLE, flag VARCHAR',
  multiplos: `cd_regulator INTEGER, ano INTEGER, dt_receb DATE, data_preco DATE, preco DOUBLE, pl DOUBLE, pvp DOUBLE,
    flag_pl VARCHAR, flag VARCHAR`,
  reapresentacoes: 'cd_regulator INTEGER, ano INTEGER, dif_rel DOUBLE',
  pareceres: 'cd_regulator INTEGER, ano INTEGER, tipo VARCHAR',
  documentos:
    'cd_regulator INTEGER, ultimo_dfp_referencia DATE, ultimo_dfp_recebido DATE, ultimo_itr_referencia DATE',
};

/** The verdict's mart (mart.ts) run over a made-here input written into its `int_veredito_*` tables. */
async function martFeitoAqui(e: EntradaFeitaAqui): Promise<MartVereditos> {
  const inst = await DuckDBInstance.create(':memory:');
  const db = await inst.connect();
  try {
    for (const [chave, colunas] of Object.entries(COLUNAS_ENTRADA)) {
      const tabela = `int_veredito_${chave}`;
      await db.run(`CREATE TABLE ${tabela} (${colunas})`);
      for (const linha of e[chave as keyof EntradaFeitaAqui]) {
        const ks = Object.keys(linha);
        await db.run(
          `INSERT INTO ${tabela} (${ks.join(', ')}) VALUES (${ks.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(linha),
        );
      }
    }
    for (const p of PASSOS_MART) {
      if (typeof p === 'string') await db.run(p);
      else await db.run(p.sql, p.params);
    }
    return await carregarMart(db);
  } finally {
    db.closeSync();
    inst.closeSync();
  }
}

/** Builds the made-here verdicts of `e` before the enclosing describe's tests; then gives one by company. */
function vereditosAntes(e: () => EntradaFeitaAqui): (cd: number) => Veredito {
  let vs = new Map<number, Veredito>();
  beforeAll(async () => {
    const mart = await martFeitoAqui(e());
    vs = new Map(
      montarVereditos(mart, '2026-01-02-teste|1', '2026-01-02').map((v) => [v.empresa.cd_regulator, v]),
    );
  });
  return (cd) => vs.get(cd) as Veredito;
}

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
    // one number with a value: ICU's English plural says "has", the Portuguese sentence has no verb to agree
    const um = { ...vazios, roic: item('roic', 0.12) };
    expect(fraseTopo(2024, um)).toEqual({
      frase_topo: 'Em 2024: ROIC 12,0%, igual à mediana do setor; 1 de 5 números com valor.',
      frase_topo_en: 'In 2024: ROIC 12.0%, equal to the sector median; 1 of 5 numbers has a value.',
    });
    expect(fraseTopo(2024, itens).frase_topo_en).toMatch(/5 of 5 numbers have a value\.$/);
  });
});

/** A made-up company of a made-up sector (placeholders, not company results). */
const empresaFeitaAqui = (cd: number, setor: string, prefixo: string) => ({
  cd_regulator: cd,
  nome: `EMPRESA ${cd} FEITA AQUI`,
  cnpj: `00.000.000/0000-0${cd}`,
  setor,
  tipo: 'geral',
  ticker_atual: `${prefixo}${cd}3`,
});

/**
 * Made-here input (companies 1-3 of a made-up sector; placeholders, not company results) to check the
 * flag colours: a clean company, one with a qualified opinion on its verdict year, one restated and stale.
 */
function entradaFeitaAqui(): EntradaFeitaAqui {
  const empresa = (cd: number) => empresaFeitaAqui(cd, 'Setor feito aqui', 'TST');
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

/**
 * Made-here groups (companies 1-4 of one made-up sector in 2022; placeholders): margins 4, 1, 3, 2 (an even
 * group), ROIC 3, 1, 2 and null (a group of three), net debt/EBITDA for two companies only (under the minimum),
 * company 2's own ROIC history 1, 2, 3, and company 1's opinions of five years in mixed case and accents.
 */
function gruposFeitosAqui(): EntradaFeitaAqui {
  const cds = [1, 2, 3, 4];
  const margem = [4, 1, 3, 2];
  const roic = [3, 1, 2, null];
  const ind = (cd: number, ano: number, nome: string, valor: number | null) => ({
    cd_regulator: cd,
    ano,
    nome,
    valor,
    flag: null,
  });
  return {
    empresas: cds.map((cd) => empresaFeitaAqui(cd, 'Setor da mediana', 'MED')),
    indicadores: [
      ...cds.map((cd, i) => ind(cd, 2022, 'margem_liquida', margem[i] as number)),
      ...cds.map((cd, i) => ind(cd, 2022, 'roic', roic[i] as number | null)),
      ind(1, 2022, 'dl_ebitda', 1),
      ind(2, 2022, 'dl_ebitda', 2),
      ind(2, 2019, 'roic', 1),
      ind(2, 2020, 'roic', 2),
      ind(2, 2021, 'roic', 3),
    ],
    multiplos: [],
    reapresentacoes: [],
    pareceres: [
      { cd_regulator: 1, ano: 2018, tipo: 'Outro texto' },
      { cd_regulator: 1, ano: 2019, tipo: 'Sem Ressalva' },
      { cd_regulator: 1, ano: 2020, tipo: 'Adverso' },
      { cd_regulator: 1, ano: 2021, tipo: 'Abstenção de Opinião' },
      { cd_regulator: 1, ano: 2022, tipo: 'COM RESSALVA' },
    ],
    documentos: cds.map((cd) => ({
      cd_regulator: cd,
      ultimo_dfp_referencia: '2022-12-31',
      ultimo_dfp_recebido: '2023-03-01',
      ultimo_itr_referencia: null,
    })),
  };
}

describe('groups, medians and positions in the mart (made-here values, not company results)', () => {
  const veredito = vereditosAntes(gruposFeitosAqui);

  it('median, and a group under the minimum has no median nor position', () => {
    const v1 = veredito(1);
    const v2 = veredito(2);
    const v4 = veredito(4);
    // margins 4, 1, 3, 2: the even group's median is the mean of the two middle values
    expect(v1.itens.margem_liquida?.comparacao.setor).toMatchObject({ mediana: 2.5, n: 4, posicao: 'acima' });
    // the value 2 has one value below it in a group of four: (1 + 0) / 3
    expect(v4.itens.margem_liquida?.comparacao.setor?.percentil).toBe(1 / 3);
    // ROIC 3, 1, 2: median 2, and 3 is the highest (percentile 1)
    expect(v1.itens.roic?.comparacao.setor).toEqual({ mediana: 2, n: 3, posicao: 'acima', percentil: 1 });
    // net debt/EBITDA of two companies: no median, no position
    expect(v1.itens.dl_ebitda?.comparacao.setor).toEqual({
      mediana: null,
      n: 2,
      posicao: null,
      percentil: null,
    });
    // own history does not contain the value: median and side, no position inside
    expect(v2.itens.roic?.comparacao.historico).toEqual({
      mediana: 2,
      n: 3,
      posicao: 'abaixo',
      percentil: null,
    });
    expect(v4.itens.roic?.comparacao.setor?.posicao).toBeNull();
  });

  it("auditor's opinion kinds read without case or accents", () => {
    expect(veredito(1).bandeira.ressalvas).toEqual({
      n: 3,
      de: 5,
      quais: ['2020: Adverso', '2021: Abstenção de Opinião', '2022: COM RESSALVA'],
    });
  });
});

describe('flag colours and comparisons on a made-here input', () => {
  const veredito = vereditosAntes(entradaFeitaAqui);

  it('clean company: verde, no reasons, its own history and bands', () => {
    const v = veredito(1);
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
    const v = veredito(2);
    expect(v.bandeira.cor).toBe('vermelho');
    expect(v.bandeira.ressalvas).toEqual({ n: 1, de: 1, quais: ['2022: Com Ressalva'] });
    expect(v.bandeira.motivos[0]).toContain('parecer do auditor');
  });

  it('a restated verdict year and a newer DFP than the indicators make it amarelo', () => {
    const v = veredito(3);
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
      `SELECT CAST(cd_cvm AS INTEGER) AS cd, max(dt_refer)::VARCHAR AS ref FROM ${tabelaDeStagingPublicada(cur, 'stg_cvm_doc_indice')}
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
      await vistasDaPublicacao(db, cur);
      await construirMartVeredito(db);
      const um = [...vereditos.values()][0] as Veredito;
      const a = montarVereditos(await carregarMart(db), manifesto.versao_do_dado, um.apurado_em);
      expect(a).toEqual([...vereditos.values()]);
      // the same bulk sets read in reverse row order give the same bytes
      await vistasDaPublicacao(db, cur, 'ORDER BY ALL DESC');
      await construirMartVeredito(db);
      const mart = await carregarMart(db);
      const b = montarVereditos(
        { empresas: [...mart.empresas].reverse(), itens: [...mart.itens].reverse() },
        manifesto.versao_do_dado,
        um.apurado_em,
      );
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    } finally {
      db.closeSync();
      inst.closeSync();
    }
  });
});

describe('formatar: one Intl formatter per language, the text toLocaleString gave', () => {
  // Made here: values across magnitudes and signs, halves that round either way, and integers.
  const valores = [
    0, -0, 0.05, 0.15, 0.25, -0.0449, 0.12345, 1.25, 1.35, 12.3456, -83.2, 999.95, 1234567.89, 1e-9, 7,
  ];
  for (let i = 1; i <= 200; i++) valores.push(((i * 7919) % 20011) / 97 - 100);
  it.each(['pt', 'en'] as const)('%s', (lingua) => {
    const antes = (x: number) =>
      x.toLocaleString(lingua === 'pt' ? 'pt-BR' : 'en-US', {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        useGrouping: false,
      });
    for (const v of valores) {
      expect(formatar(v, 'fracao', lingua)).toBe(`${antes(v * 100)}%`);
      expect(formatar(v, 'vezes', lingua)).toBe(`${antes(v)}x`);
      expect(formatar(v, 'multiplo', lingua)).toBe(antes(v));
    }
    expect(formatar(0.123, 'fracao', lingua)).toBe(lingua === 'pt' ? '12,3%' : '12.3%');
  });
});
