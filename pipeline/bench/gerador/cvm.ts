import { join } from 'node:path';
import { Fluxo } from './aleatorio.ts';
import { msDe, somarDias } from './calendario.ts';
import {
  avaliar,
  balancoAnual,
  balancoInd,
  balancoTrimestral,
  type Contexto,
  contasDe,
  type Folhas,
  fluxoAnual,
  fluxoInd,
  fluxoTrimestres,
  limparCache,
  varianteVista,
} from './modelo.ts';
import { type Agreg, DEMOS, type Demo, grupoDfp } from './plano.ts';
import type { Empresa, Universo } from './universo.ts';
import { Blocos, escreverZip, type Membro } from './zip.ts';

export type Doc = 'DFP' | 'ITR';

/** Headers copied from data/sample/raw/cvm/dfp (2024 index, 2023 BPA/DRE, 2024 composicao_capital). */
export const CABECALHOS = {
  indice: 'CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;CD_CVM;CATEG_DOC;ID_DOC;DT_RECEB;LINK_DOC',
  balanco:
    'CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;CD_CVM;GRUPO_DFP;MOEDA;ESCALA_MOEDA;ORDEM_EXERC;DT_FIM_EXERC;CD_CONTA;DS_CONTA;VL_CONTA;ST_CONTA_FIXA',
  fluxo:
    'CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;CD_CVM;GRUPO_DFP;MOEDA;ESCALA_MOEDA;ORDEM_EXERC;DT_INI_EXERC;DT_FIM_EXERC;CD_CONTA;DS_CONTA;VL_CONTA;ST_CONTA_FIXA',
  composicao:
    'CNPJ_CIA;DT_REFER;VERSAO;DENOM_CIA;QT_ACAO_ORDIN_CAP_INTEGR;QT_ACAO_PREF_CAP_INTEGR;QT_ACAO_TOTAL_CAP_INTEGR;QT_ACAO_ORDIN_TESOURO;QT_ACAO_PREF_TESOURO;QT_ACAO_TOTAL_TESOURO',
} as const;

/** composicao_capital is missing from the real 2010, 2012 and 2019 zips and present in 2024 (sources.md §1.3). */
export const COMPOSICAO_DESDE = 2020;

export interface Versao {
  versao: number;
  dtReceb: string;
  idDoc: number;
}

export interface Filing {
  e: Empresa;
  doc: Doc;
  ano: number;
  tri: 1 | 2 | 3 | 4;
  dtRefer: string;
  versoes: Versao[];
}

const FIM_TRI = ['', '03-31', '06-30', '09-30', '12-31'];
const INI_TRI = ['', '01-01', '04-01', '07-01', '10-01'];

export function ativa(e: Empresa, ano: number): boolean {
  return e.primeiroAno <= ano && ano <= e.ultimoAno;
}

/** Filings of a year, one row per version in the index; statements carry only the last version. */
export function filings(u: Universo, doc: Doc, ano: number): Filing[] {
  const out: Filing[] = [];
  const tris = doc === 'DFP' ? ([4] as const) : ([1, 2, 3] as const);
  for (const e of u.empresas) {
    if (!ativa(e, ano)) continue;
    for (const tri of tris) {
      const f = new Fluxo(u.seed, 'versoes', doc, e.i, ano, tri);
      const r = f.u();
      const n = r < 0.65 ? 1 : r < 0.87 ? 2 : r < 0.95 ? 3 : r < 0.98 ? 4 : f.int(5, 9);
      const dtRefer = `${ano}-${FIM_TRI[tri]}`;
      let receb =
        doc === 'DFP' ? somarDias(`${ano + 1}-02-15`, f.int(0, 44)) : somarDias(dtRefer, f.int(25, 45));
      const versoes: Versao[] = [];
      for (let v = 1; v <= n; v++) {
        versoes.push({
          versao: v,
          dtReceb: receb,
          idDoc: (ano - 2000) * 1_000_000 + (doc === 'ITR' ? 500_000 : 0) + e.i * 50 + tri * 10 + v,
        });
        receb = somarDias(receb, doc === 'DFP' ? f.int(1, 200) : f.int(1, 90));
      }
      out.push({ e, doc, ano, tri, dtRefer, versoes });
    }
  }
  return out.sort((a, b) =>
    a.e.cnpj < b.e.cnpj ? -1 : a.e.cnpj > b.e.cnpj ? 1 : msDe(a.dtRefer) - msDe(b.dtRefer),
  );
}

function ultima(f: Filing): Versao {
  const v = f.versoes[f.versoes.length - 1];
  if (!v) throw new Error('filing without version');
  return v;
}

type Get = (cd: string) => number;
interface Avaliado {
  con: Get;
  ind: Get;
}
interface Bloco extends Avaliado {
  ordem: 'ÚLTIMO' | 'PENÚLTIMO';
  ini: string;
  fim: string;
}

function acoesEmCirculacao(e: Empresa): number {
  return Math.round((e.acoesOn + e.acoesPn) * (1 - e.tesouraria));
}

function ctxBase(e: Empresa): Contexto {
  return {
    lucroControladorCon: 0,
    caixaInicial: 0,
    caixaFinal: 0,
    acoes: acoesEmCirculacao(e),
    unidade: e.unidade,
    temPn: e.acoesPn > 0,
  };
}

function avaliarBalanco(e: Empresa, con: Folhas): Avaliado {
  const ctx = ctxBase(e);
  const gCon = avaliar(con, ctx, 'con');
  const gInd = avaliar(balancoInd(e, con, gCon('2.03') - gCon('2.03.09')), ctx, 'ind');
  return { con: gCon, ind: gInd };
}

interface Caixa {
  con: number;
  ind: number;
}

const CAIXAS = new Map<string, Caixa>();

/** Cash (1.01.01) of a balance sheet; cash flows only need this from the balance, so it is memoised. */
function caixa(e: Empresa, seed: number, ano: number, tri: 1 | 2 | 3 | 4, v: 0 | 1): Caixa {
  const k = `${seed}:${e.i}:${ano}:${tri}:${v}`;
  let c = CAIXAS.get(k);
  if (!c) {
    const b = avaliarBalanco(
      e,
      tri === 4 ? balancoAnual(e, seed, ano, v) : balancoTrimestral(e, seed, ano, tri),
    );
    c = { con: b.con('1.01.01'), ind: b.ind('1.01.01') };
    CAIXAS.set(k, c);
  }
  return c;
}

function avaliarFluxo(e: Empresa, con: Folhas, ini: Caixa, fim: Caixa): Avaliado {
  const base = ctxBase(e);
  const gCon = avaliar(con, { ...base, caixaInicial: ini.con, caixaFinal: fim.con }, 'con');
  const gInd = avaliar(
    fluxoInd(e, con),
    { ...base, lucroControladorCon: gCon('3.11.01'), caixaInicial: ini.ind, caixaFinal: fim.ind },
    'ind',
  );
  return { con: gCon, ind: gInd };
}

/** Every period block a filing publishes for one statement, PENÚLTIMO first as in CVM's files. */
function blocos(f: Filing, demo: Demo, seed: number): Bloco[] {
  const { e, ano, tri } = f;
  const vAnt = varianteVista(e, seed, ano - 1, ano);
  const vAnt2 = varianteVista(e, seed, ano - 2, ano);
  const ye = (a: number, v: 0 | 1) => avaliarBalanco(e, balancoAnual(e, seed, a, v));
  const balancoFim = (a: number, v: 0 | 1): Avaliado =>
    tri === 4 ? ye(a, v) : avaliarBalanco(e, balancoTrimestral(e, seed, a, tri));
  const fimAnt = `${ano - 1}-12-31`;
  if (demo === 'BPA' || demo === 'BPP') {
    return [
      { ordem: 'PENÚLTIMO', ini: '', fim: fimAnt, ...ye(ano - 1, vAnt) },
      { ordem: 'ÚLTIMO', ini: '', fim: f.dtRefer, ...balancoFim(ano, 0) },
    ];
  }
  const anual = (a: number, v: 0 | 1) => fluxoAnual(e, seed, a, v);
  const periodo = (a: number, v: 0 | 1, de: number) => fluxoTrimestres(anual(a, v), e, seed, a, de, tri);
  const cx = (a: number, t: 1 | 2 | 3 | 4, v: 0 | 1) => caixa(e, seed, a, t, v);
  const ytdAnt = avaliarFluxo(
    e,
    periodo(ano - 1, vAnt, 1),
    cx(ano - 2, 4, vAnt2),
    cx(ano - 1, tri, tri === 4 ? vAnt : 0),
  );
  const ytd = avaliarFluxo(e, periodo(ano, 0, 1), cx(ano - 1, 4, vAnt), cx(ano, tri, 0));
  const pen: Bloco = {
    ordem: 'PENÚLTIMO',
    ini: `${ano - 1}-01-01`,
    fim: `${ano - 1}-${FIM_TRI[tri]}`,
    ...ytdAnt,
  };
  const ult: Bloco = { ordem: 'ÚLTIMO', ini: `${ano}-01-01`, fim: f.dtRefer, ...ytd };
  // ITR income statements of Q2 and Q3 also carry the 3-month blocks (sources.md §1.8); they need no cash.
  if (f.doc === 'ITR' && tri > 1 && (demo === 'DRE' || demo === 'DRA')) {
    const semCaixa = { con: 0, ind: 0 };
    const tres = (a: number, v: 0 | 1) => avaliarFluxo(e, periodo(a, v, tri), semCaixa, semCaixa);
    return [
      {
        ordem: 'PENÚLTIMO',
        ini: `${ano - 1}-${INI_TRI[tri]}`,
        fim: `${ano - 1}-${FIM_TRI[tri]}`,
        ...tres(ano - 1, vAnt),
      },
      pen,
      { ordem: 'ÚLTIMO', ini: `${ano}-${INI_TRI[tri]}`, fim: f.dtRefer, ...tres(ano, 0) },
      ult,
    ];
  }
  return [pen, ult];
}

export function formatarValor(v: number, lpa: boolean): string {
  if (v === 0 || Object.is(v, -0)) return '0.0000000000';
  return lpa ? v.toFixed(10) : `${v}.0000000000`;
}

function prefixo(doc: Doc): string {
  return doc === 'DFP' ? 'dfp_cia_aberta' : 'itr_cia_aberta';
}

async function* indice(fs: Filing[]): AsyncGenerator<Buffer> {
  const b = new Blocos('\n');
  b.linha(CABECALHOS.indice);
  for (const f of fs) {
    for (const v of f.versoes) {
      const link = `http://www.rad.cvm.gov.br/ENETCONSULTA/frmDownloadDocumento.aspx?CodigoInstituicao=1&NumeroSequencialDocumento=${v.idDoc}`;
      const c = b.linha(
        `${f.e.cnpj};${f.dtRefer};${v.versao};${f.e.nome};${f.e.cdCvm};${f.doc};${v.idDoc};${v.dtReceb};${link}`,
      );
      if (c) yield c;
    }
  }
  const r = b.esvaziar();
  if (r) yield r;
}

async function* demonstracao(fs: Filing[], demo: Demo, agreg: Agreg, seed: number): AsyncGenerator<Buffer> {
  const b = new Blocos('\n');
  const balanco = demo === 'BPA' || demo === 'BPP';
  b.linha(balanco ? CABECALHOS.balanco : CABECALHOS.fluxo);
  const grupo = grupoDfp(demo, agreg);
  for (const f of fs) {
    const { e } = f;
    const v = ultima(f).versao;
    const cab = `${e.cnpj};${f.dtRefer};${v};${e.nome};${e.cdCvm};${grupo};REAL;${e.escala};`;
    const bs = blocos(f, demo, seed);
    for (const conta of contasDe(demo, agreg, e.acoesPn > 0)) {
      const lpa = conta.cd.startsWith('3.99');
      const ds = agreg === 'con' ? conta.ds : conta.dsInd;
      for (const bl of bs) {
        const valor = formatarValor((agreg === 'con' ? bl.con : bl.ind)(conta.cd), lpa);
        const datas = balanco ? bl.fim : `${bl.ini};${bl.fim}`;
        const c = b.linha(`${cab}${bl.ordem};${datas};${conta.cd};${ds};${valor};${conta.fixa}`);
        if (c) yield c;
      }
    }
  }
  const r = b.esvaziar();
  if (r) yield r;
}

async function* composicao(fs: Filing[]): AsyncGenerator<Buffer> {
  const b = new Blocos('\n');
  b.linha(CABECALHOS.composicao);
  for (const f of fs) {
    const { e } = f;
    const div = e.composicaoEmMil ? 1000 : 1;
    const q = (n: number) => Math.round(n / div);
    const on = q(e.acoesOn);
    const pn = q(e.acoesPn);
    const tOn = q(e.acoesOn * e.tesouraria);
    const tPn = q(e.acoesPn * e.tesouraria);
    const c = b.linha(
      `${e.cnpj};${f.dtRefer};${ultima(f).versao};${e.nome};${on};${pn};${on + pn};${tOn};${tPn};${tOn + tPn}`,
    );
    if (c) yield c;
  }
  const r = b.esvaziar();
  if (r) yield r;
}

/** Member names as in CVM's zips (index, statements con/ind, composicao_capital). */
export function membrosCvm(u: Universo, doc: Doc, ano: number): Membro[] {
  const p = prefixo(doc);
  const fs = filings(u, doc, ano);
  const membros: Membro[] = [{ nome: `${p}_${ano}.csv`, conteudo: () => indice(fs) }];
  for (const demo of DEMOS) {
    for (const agreg of ['con', 'ind'] as const) {
      membros.push({
        nome: `${p}_${demo}_${agreg}_${ano}.csv`,
        conteudo: () => demonstracao(fs, demo, agreg, u.seed),
      });
    }
  }
  if (ano >= COMPOSICAO_DESDE)
    membros.push({ nome: `${p}_composicao_capital_${ano}.csv`, conteudo: () => composicao(fs) });
  return membros;
}

export async function escreverCvm(u: Universo, anos: number[], out: string): Promise<string[]> {
  const escritos: string[] = [];
  for (const ano of anos) {
    for (const doc of ['DFP', 'ITR'] as const) {
      const pasta = doc === 'DFP' ? 'dfp' : 'itr';
      const caminho = join(out, 'cvm', pasta, `${prefixo(doc)}_${ano}.zip`);
      await escreverZip(caminho, membrosCvm(u, doc, ano), [ano + 1, 6, 1]);
      escritos.push(caminho);
    }
    limparCache();
    CAIXAS.clear();
  }
  return escritos;
}
