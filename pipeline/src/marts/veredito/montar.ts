import { separarFlags } from '@fundamentos/schemas/flags';
import type { ItemVeredito, Veredito } from '@fundamentos/schemas/veredito';
import type { z } from 'zod';
import { citacao } from '../fundamentos/citacao.ts';
import type { EntradaVereditos, ParecerRow, ReapresentacaoRow } from './entrada.ts';
import {
  ANOS_DEFASAGEM_UNIVERSO,
  ANOS_REAPRESENTACAO_RECENTE,
  classificarParecer,
  FLAG_SEM_DADO,
  INDICADORES_ITEM,
  ITENS_VEREDITO,
  MINIMO_GRUPO,
  MINIMO_NUMEROS,
  type NomeItem,
  referencia,
  ressalvado,
  SETOR_SEM_NOME,
  trimestre,
} from './regras.ts';
import {
  arquivosDaCitacao,
  faixaDe,
  fraseTopo,
  NOTA_VEREDITO,
  PERGUNTAS,
  ROTULO,
  TEXTO_COR,
  TEXTO_MOTIVO,
  textoCurto,
} from './textos.ts';

interface Grupos {
  /** `${setor}|${ano}|${nome}` → values (non-null) of the published companies. */
  setor: Map<string, number[]>;
  /** `${ano}|${nome}` → values of every published company. */
  universo: Map<string, number[]>;
  /** `${cd}|${nome}` → [ano, valor] of the company, every year. */
  historico: Map<string, [number, number][]>;
}

function juntar<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

interface Valor {
  valor: number | null;
  flag: string | null;
}

function grupos(e: EntradaVereditos): Grupos {
  const setorDe = new Map(e.empresas.map((x) => [x.cd_regulator, x.setor]));
  const g: Grupos = { setor: new Map(), universo: new Map(), historico: new Map() };
  const add = (cd: number, ano: number, nome: NomeItem, v: number | null) => {
    if (v === null) return;
    const setor = setorDe.get(cd);
    if (setor === undefined) return;
    if (setor !== SETOR_SEM_NOME) juntar(g.setor, `${setor}|${ano}|${nome}`, v);
    juntar(g.universo, `${ano}|${nome}`, v);
    juntar(g.historico, `${cd}|${nome}`, [ano, v] as [number, number]);
  };
  for (const r of e.indicadores)
    if ((INDICADORES_ITEM as readonly string[]).includes(r.nome))
      add(r.cd_regulator, r.ano, r.nome as NomeItem, r.valor);
  for (const m of e.multiplos) {
    add(m.cd_regulator, m.ano, 'pl', m.pl);
    add(m.cd_regulator, m.ano, 'pvp', m.pvp);
  }
  // sorted groups: the same input in any order gives the same medians, positions and bytes
  for (const m of [g.setor, g.universo]) for (const l of m.values()) l.sort((a, b) => a - b);
  for (const l of g.historico.values()) l.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return g;
}

interface Motivo {
  pt: string;
  en: string;
  cor: 'amarelo' | 'vermelho';
}

/** Builds every company's verdict from the input; pure, and independent of the input's row order. */
export function montarVereditos(e: EntradaVereditos, versao_do_dado: string, apurado_em: string): Veredito[] {
  const g = grupos(e);
  const ind = new Map<string, Valor>();
  for (const r of e.indicadores) ind.set(`${r.cd_regulator}|${r.ano}|${r.nome}`, r);
  const mult = new Map(e.multiplos.map((m) => [`${m.cd_regulator}|${m.ano}`, m]));
  const reap = new Map<number, z.infer<typeof ReapresentacaoRow>[]>();
  for (const r of e.reapresentacoes) juntar(reap, r.cd_regulator, r);
  const par = new Map<number, z.infer<typeof ParecerRow>[]>();
  for (const p of e.pareceres) juntar(par, p.cd_regulator, p);
  const docs = new Map(e.documentos.map((d) => [d.cd_regulator, d]));
  const anoMaisRecente = Math.max(...e.documentos.map((d) => Number(d.ultimo_dfp_referencia.slice(0, 4))));
  const anosCom = new Map<number, number>();
  for (const r of e.indicadores)
    anosCom.set(r.cd_regulator, Math.max(anosCom.get(r.cd_regulator) ?? 0, r.ano));

  const out: Veredito[] = [];
  for (const emp of [...e.empresas].sort((a, b) => a.cd_regulator - b.cd_regulator)) {
    const cd = emp.cd_regulator;
    const ano = anosCom.get(cd);
    const doc = docs.get(cd);
    if (ano === undefined || doc === undefined) continue;
    const reapAnos = new Set((reap.get(cd) ?? []).map((r) => r.ano));
    const itens = {} as Record<NomeItem, ItemVeredito>;
    for (const nome of ITENS_VEREDITO) {
      const m = mult.get(`${cd}|${ano}`);
      let v: Valor;
      let extra: Partial<ItemVeredito> = {};
      if (nome === 'pl' || nome === 'pvp') {
        // flags as published: the P/L's own flag (screener's flag_pl), the P/VP with the row's flag
        v = m
          ? { valor: m[nome], flag: nome === 'pl' ? m.flag_pl : m.flag }
          : { valor: null, flag: FLAG_SEM_DADO };
        extra = {
          data_preco: m?.data_preco ?? null,
          apoio: { preco: m?.preco ?? null, dt_receb: m?.dt_receb ?? null },
        };
      } else {
        v = ind.get(`${cd}|${ano}|${nome}`) ?? { valor: null, flag: FLAG_SEM_DADO };
        if (nome === 'dl_ebitda')
          extra = {
            apoio: {
              divida_liquida: ind.get(`${cd}|${ano}|divida_liquida`)?.valor ?? null,
              ebitda: ind.get(`${cd}|${ano}|ebitda`)?.valor ?? null,
            },
          };
      }
      const setor =
        emp.setor === SETOR_SEM_NOME
          ? null
          : referencia(v.valor, g.setor.get(`${emp.setor}|${ano}|${nome}`) ?? [], true);
      const historico = referencia(
        v.valor,
        (g.historico.get(`${cd}|${nome}`) ?? []).filter(([a]) => a < ano).map(([, x]) => x),
        false,
      );
      const universo = referencia(v.valor, g.universo.get(`${ano}|${nome}`) ?? [], true);
      const faixa = faixaDe(nome, v.valor);
      const texto = textoCurto(nome, ano, v.valor, v.flag, faixa, setor);
      const marcas: string[] = [];
      if (reapAnos.has(ano)) marcas.push('ano_reapresentado');
      if (emp.setor === SETOR_SEM_NOME) marcas.push('setor_nao_informado');
      else if ((setor?.n ?? 0) < MINIMO_GRUPO) marcas.push('setor_pequeno');
      itens[nome] = {
        nome,
        rotulo: ROTULO[nome].pt,
        valor: v.valor,
        ano,
        flag: v.flag,
        marcas,
        faixa: faixa?.pt ?? null,
        faixa_en: faixa?.en ?? null,
        texto_curto: texto.pt,
        texto_curto_en: texto.en,
        comparacao: { setor, historico, universo },
        disponivel: v.valor !== null,
        ...extra,
      };
    }
    const numeros = ITENS_VEREDITO.filter((n) => itens[n].valor !== null).length;

    // restatements
    const rs = reap.get(cd) ?? [];
    const porAno: Record<string, number> = {};
    for (const r of rs) porAno[String(r.ano)] = (porAno[String(r.ano)] ?? 0) + 1;
    const anosReap = [...new Set(rs.map((r) => r.ano))].sort((a, b) => a - b);
    const difs = rs.flatMap((r) => (r.dif_rel === null ? [] : [Math.abs(r.dif_rel)]));
    const reapresentacoes = {
      n: rs.length,
      anos: anosReap,
      por_ano: porAno,
      maior_dif_rel: difs.length === 0 ? null : Math.max(...difs),
      ultimo_ano: anosReap.length === 0 ? null : (anosReap[anosReap.length - 1] as number),
    };
    // auditor's opinions: one kind per DFP year (a year with several kinds counts once, by its worst)
    const ps = (par.get(cd) ?? []).slice().sort((a, b) => a.ano - b.ano || a.tipo.localeCompare(b.tipo));
    const anosParecer = [...new Set(ps.map((p) => p.ano))];
    const quais = ps.filter((p) => ressalvado(classificarParecer(p.tipo))).map((p) => `${p.ano}: ${p.tipo}`);
    const anosRessalva = [
      ...new Set(ps.filter((p) => ressalvado(classificarParecer(p.tipo))).map((p) => p.ano)),
    ];
    const ressalvas = { n: anosRessalva.length, de: anosParecer.length, quais };
    // staleness
    const itrRef = doc.ultimo_itr_referencia;
    const anoDfp = Number(doc.ultimo_dfp_referencia.slice(0, 4));
    const defasagem = {
      ultimo_dfp_referencia: doc.ultimo_dfp_referencia,
      ultimo_dfp_recebido: doc.ultimo_dfp_recebido,
      ultimo_itr_referencia: itrRef,
      ultimo_trimestre: itrRef === null ? null : trimestre(itrRef),
      anos_entre_indicador_e_balanco: Math.max(0, anoDfp - ano),
    };

    const motivos: Motivo[] = [];
    if (anosRessalva.includes(ano)) motivos.push({ cor: 'vermelho', ...TEXTO_MOTIVO.parecerDoAno(ano) });
    const recentes = anosReap.filter((a) => a > ano - ANOS_REAPRESENTACAO_RECENTE && a <= ano);
    if (recentes.length > 0) motivos.push({ cor: 'amarelo', ...TEXTO_MOTIVO.reapresentados(recentes) });
    const outrasRessalvas = anosRessalva.filter((a) => a !== ano);
    if (outrasRessalvas.length > 0)
      motivos.push({ cor: 'amarelo', ...TEXTO_MOTIVO.outrasRessalvas(outrasRessalvas) });
    if (defasagem.anos_entre_indicador_e_balanco >= 1)
      motivos.push({ cor: 'amarelo', ...TEXTO_MOTIVO.indicadoresAtrasados(ano, anoDfp) });
    if (anoMaisRecente - anoDfp >= ANOS_DEFASAGEM_UNIVERSO)
      motivos.push({ cor: 'amarelo', ...TEXTO_MOTIVO.dfpDefasado(anoDfp, anoMaisRecente) });
    // a number that does not apply to the company's chart of accounts (banks, insurers) is not missing
    const aplicaveis = ITENS_VEREDITO.filter(
      (n) => !separarFlags(itens[n].flag).includes('plano_financeiro_nao_aplicavel'),
    ).length;
    if (numeros < Math.min(MINIMO_NUMEROS, aplicaveis))
      motivos.push({ cor: 'amarelo', ...TEXTO_MOTIVO.poucosNumeros(numeros, aplicaveis, ano) });
    const cor = motivos.some((m) => m.cor === 'vermelho')
      ? 'vermelho'
      : motivos.length > 0
        ? 'amarelo'
        : 'verde';

    const t = emp.ticker_atual;
    out.push({
      empresa: { cd_regulator: cd, ticker: t, pedido: t, nome: emp.nome, setor: emp.setor, tipo: emp.tipo },
      ano,
      modo: 'fato',
      ...fraseTopo(ano, itens),
      perguntas: PERGUNTAS,
      itens,
      bandeira: {
        cor,
        texto: TEXTO_COR[cor].pt,
        texto_en: TEXTO_COR[cor].en,
        motivos: motivos.map((m) => m.pt),
        motivos_en: motivos.map((m) => m.en),
        reapresentacoes,
        ressalvas,
        defasagem,
        numeros_publicados: numeros,
      },
      versao_do_dado,
      apurado_em,
      nota: NOTA_VEREDITO.pt,
      nota_en: NOTA_VEREDITO.en,
      pagina: `/acoes/${t}`,
      metodologia: '/metodologia',
      citacao: citacao(versao_do_dado, arquivosDaCitacao(cd)),
    });
  }
  return out;
}
