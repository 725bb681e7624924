import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import { type Desafio, MIN_CASOS_DESAFIO } from '@fundamentos/schemas/desafio';
import type { IndicadorEmpresa } from '@fundamentos/schemas/indicador';
import { INDICADORES, type NomeIndicador } from '@fundamentos/schemas/indicadores';
import type { Linhagem } from '@fundamentos/schemas/linhagem';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import { z } from 'zod';
import { faixaDeEmpresas, fatias } from '../../core/fatias.ts';
import { linhas, num } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import { escreverPacote } from '../../publish/pacote.ts';
import { citacaoDe, frase } from './citacao.ts';
import { CASOS_DESAFIO, palavrasDoCaso } from './desafio.ts';
import { TEXTO_INDICADORES } from './dicionario.ts';
import { IndicadorRow, PapelComValorRow } from './linhas.ts';
import { provenienciaDoIndicador } from './proveniencia.ts';

const NOMES = Object.keys(INDICADORES) as NomeIndicador[];

import { PUBLICADAS } from './recursos.ts';

/** Roles each indicator reads in its own filing (both columns); extra rows from other filings below. */
export const PAPEIS_DO_INDICADOR: Record<NomeIndicador, string[]> = {
  cresc_receita_1a: ['receita'],
  cresc_receita_5a_cagr: ['receita'],
  divida_liquida: ['emp_cp', 'emp_lp', 'caixa', 'aplic'],
  dl_ebitda: ['emp_cp', 'emp_lp', 'caixa', 'aplic', 'ebit'],
  ebitda: ['ebit'],
  liquidez_corrente: ['ac', 'pc'],
  margem_bruta: ['bruto', 'receita'],
  margem_ebit: ['ebit', 'receita'],
  margem_liquida: ['lucro', 'receita'],
  f_score: ['lucro', 'fco_mi', 'fco_md', 'ativo', 'emp_lp', 'ac', 'pc', 'capital', 'bruto', 'receita'],
  roa: ['lucro', 'ativo'],
  roe: ['lucro', 'lucro_ctrl', 'pl', 'nci'],
  roic: ['ebit', 'lair', 'ir', 'pl', 'emp_cp', 'emp_lp'],
};

type Papel = z.infer<typeof PapelComValorRow>;
type IndRow = z.infer<typeof IndicadorRow>;

function porChave<T>(rows: T[], chave: (r: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = chave(r);
    const l = m.get(k);
    if (l) l.push(r);
    else m.set(k, [r]);
  }
  return m;
}

const entrada = (p: Papel, papel = p.papel) => ({
  papel,
  demo: p.demo,
  cd_conta: p.cd_conta,
  ds_conta: p.ds_conta,
  agreg: p.agreg,
  coluna: p.ordem === 'ultimo' ? ('ULTIMO' as const) : ('PENULTIMO' as const),
  ano_arquivo: p.ano,
  valor: p.valor,
  versao: p.versao,
  dt_receb: p.dt_receb,
  fonte: `${p.arquivo}:${p.linha}`,
});

async function publicarLinhagem(ctx: BuildContext, ind: IndRow[]): Promise<ManifestEntry[]> {
  const porEmpresa = porChave(ind, (r) => String(r.cd_regulator));
  const out: ManifestEntry[] = [];
  // A slice of companies at a time (fatias.ts): int_fundamentos_papeis is read for those companies only.
  for (const fatia of fatias([...porEmpresa.keys()])) {
    const papeis = await linhas(
      ctx.db,
      `SELECT cd_regulator, ano, papel, demo, cd_conta, ds_conta, agreg, ordem, valor, versao,
              CAST(dt_receb AS VARCHAR) AS dt_receb, arquivo, linha
       FROM int_fundamentos_papeis WHERE cd_regulator IN (${PUBLICADAS}) AND ${faixaDeEmpresas(fatia.map(Number))}
       ORDER BY cd_regulator, ano, papel, ordem DESC`,
      PapelComValorRow,
    );
    const doArquivo = porChave(papeis, (p) => `${p.cd_regulator}/${p.ano}`);
    for (const cd of fatia)
      out.push(await publicarLinhagemDaEmpresa(ctx, cd, porEmpresa.get(cd) ?? [], doArquivo));
  }
  return out;
}

/** One company's lineage pack (schemas/src/pacotes.ts): each value keeps its own path and bytes. */
async function publicarLinhagemDaEmpresa(
  ctx: BuildContext,
  cd: string,
  rows: IndRow[],
  doArquivo: Map<string, Papel[]>,
): Promise<ManifestEntry> {
  const membros: Array<{ path: string; data: Linhagem }> = [];
  for (const r of rows) {
    const ano = r.ano;
    const k = `${cd}/${ano}`;
    const proprio = doArquivo.get(k) ?? [];
    const nome = r.nome;
    const usados = PAPEIS_DO_INDICADOR[nome];
    const entradas = proprio.filter((p) => usados.includes(p.papel)).map((p) => entrada(p));
    if (nome === 'cresc_receita_5a_cagr') {
      const antigo = (doArquivo.get(`${cd}/${ano - 4}`) ?? []).filter(
        (p) => p.papel === 'receita' && p.ordem === 'penultimo',
      );
      entradas.push(...antigo.map((p) => entrada(p, 'receita_ano_menos_5')));
    }
    if (nome === 'f_score') {
      const anterior = (doArquivo.get(`${cd}/${ano - 1}`) ?? []).filter(
        (p) => p.papel === 'ativo' && p.ordem === 'penultimo',
      );
      entradas.push(...anterior.map((p) => entrada(p, 'ativo_inicio_ano_anterior')));
    }
    const usaDa = nome === 'ebitda' || nome === 'dl_ebitda';
    membros.push({
      path: ARTEFATOS.linhagem.caminho({ cd, ano, indicador: nome }),
      data: {
        cd_regulator: Number(cd),
        ano,
        indicador: nome,
        valor: r.valor,
        flag: r.flag,
        formula: TEXTO_INDICADORES[nome].formula,
        entradas,
        auditoria_dep_amort: usaDa ? `/auditoria/dep_amort/${cd}/${ano}` : null,
        nota: frase('pt', 'linhagem', 'nota'),
        citacao: citacaoDe('pt', ctx.versao_do_dado, 'linhagem', { ano: String(ano), cd: String(cd) }),
      },
    });
  }
  return escreverPacote(ctx.writer, {
    name: `linhagem_${cd}`,
    artefato: ARTEFATOS.linhagem,
    membros,
  });
}

async function publicarSeries(ctx: BuildContext, ind: IndRow[]): Promise<ManifestEntry[]> {
  const setores = await linhas(
    ctx.db,
    `SELECT e.setor, i.ano, i.nome, median(i.valor) AS mediana, count(i.valor) AS n
     FROM mart_indicadores i JOIN mart_empresas e USING (cd_regulator) WHERE i.valor IS NOT NULL GROUP BY ALL`,
    z.object({ setor: z.string(), ano: num, nome: z.string(), mediana: num, n: num }),
  );
  const medSetor = new Map(setores.map((s) => [`${s.setor}/${s.ano}/${s.nome}`, s]));
  const universo = await linhas(
    ctx.db,
    `SELECT ano, nome, count(valor) AS n, quantile_cont(valor, [0.1, 0.25, 0.5, 0.75, 0.9]) AS q
     FROM mart_indicadores WHERE valor IS NOT NULL GROUP BY ALL`,
    z.object({ ano: num, nome: z.string(), n: num, q: z.array(num) }),
  );
  const dist = new Map(universo.map((u) => [`${u.ano}/${u.nome}`, u]));
  const empresas = await linhas(
    ctx.db,
    `SELECT cd_regulator, setor, ticker_atual FROM mart_empresas WHERE len(tickers) > 0`,
    z.object({ cd_regulator: num, setor: z.string(), ticker_atual: z.string() }),
  );
  const out: ManifestEntry[] = [];
  const porEmpresaNome = porChave(ind, (r) => `${r.cd_regulator}/${r.nome}`);
  for (const e of empresas) {
    const membros: Array<{ path: string; data: IndicadorEmpresa }> = [];
    for (const nome of NOMES) {
      const serie = porEmpresaNome.get(`${e.cd_regulator}/${nome}`) ?? [];
      if (serie.length === 0) continue;
      const data: IndicadorEmpresa = {
        cd_regulator: e.cd_regulator,
        nome,
        setor: e.setor,
        serie: serie.map((r) => {
          const s = medSetor.get(`${e.setor}/${r.ano}/${nome}`);
          const u = dist.get(`${r.ano}/${nome}`);
          const q = u?.q ?? [];
          return {
            ano: r.ano,
            valor: r.valor,
            flag: r.flag,
            mediana_setor: s?.mediana ?? null,
            n_setor: s?.n ?? 0,
            universo: {
              n: u?.n ?? 0,
              p10: q[0] ?? null,
              p25: q[1] ?? null,
              p50: q[2] ?? null,
              p75: q[3] ?? null,
              p90: q[4] ?? null,
            },
          };
        }),
        metodologia: provenienciaDoIndicador(nome),
        linhagem: `/empresas/${e.ticker_atual}/linhagem/{ano}/${nome}`,
        nota: frase('pt', 'indicador', 'nota'),
        citacao: citacaoDe('pt', ctx.versao_do_dado, 'indicador', { cd: String(e.cd_regulator) }),
      };
      membros.push({ path: ARTEFATOS.indicador.caminho({ cd: e.cd_regulator, indicador: nome }), data });
    }
    if (membros.length === 0) continue;
    out.push(
      await escreverPacote(ctx.writer, {
        name: `indicadores_${e.cd_regulator}`,
        artefato: ARTEFATOS.indicador,
        membros,
      }),
    );
  }
  return out;
}

async function publicarDesafio(ctx: BuildContext, ind: IndRow[]): Promise<ManifestEntry[]> {
  const empresas = new Map(
    (
      await linhas(
        ctx.db,
        'SELECT cd_regulator, nome, ticker_atual FROM mart_empresas',
        z.object({ cd_regulator: num, nome: z.string(), ticker_atual: z.string().nullable() }),
      )
    ).map((e) => [e.cd_regulator, e]),
  );
  const valores = new Map(ind.map((r) => [`${r.cd_regulator}/${r.ano}/${r.nome}`, r]));
  const casos: Desafio['casos'] = [];
  for (const c of CASOS_DESAFIO) {
    const e = empresas.get(c.cd_regulator);
    const v = valores.get(`${c.cd_regulator}/${c.ano}/${c.indicador}`);
    // a case whose company or value is not in this build is left out rather than served without a value
    if (!e || !v) continue;
    casos.push({
      ...c,
      ...palavrasDoCaso('pt', c.id),
      ticker: e.ticker_atual,
      nome: e.nome,
      valor_servido: v.valor,
      flag: v.flag,
      linhagem: e.ticker_atual ? `/empresas/${e.ticker_atual}/linhagem/${c.ano}/${c.indicador}` : null,
    });
  }
  // Inputs without the curated companies (bench synthetic data, small real extracts) are valid builds:
  // the resource is left out, and the report says why, instead of failing the schema's minimum.
  if (casos.length < MIN_CASOS_DESAFIO) {
    ctx.report.note(
      'publicacao_fundamentos_extras',
      `${ARTEFATOS.desafio.caminho()} not published: ${casos.length} of the ${CASOS_DESAFIO.length} curated cases have their company and value in this build (the schema asks for at least ${MIN_CASOS_DESAFIO})`,
    );
    return [];
  }
  return [
    await ctx.writer.json({
      name: 'desafio',
      ...escrita(ARTEFATOS.desafio),
      data: {
        versao_do_dado: ctx.versao_do_dado,
        casos,
        nota: frase('pt', 'desafio', 'nota'),
      },
    }),
  ];
}

export const extrasFundamentosStage: Stage = {
  name: 'publicacao_fundamentos_extras',
  le: ['int_fundamentos_papeis', 'mart_empresas', 'mart_indicadores'],
  cria: [],
  async run(ctx) {
    const ind = await linhas(
      ctx.db,
      `SELECT cd_regulator, ano, nome, valor, flag FROM mart_indicadores WHERE cd_regulator IN (${PUBLICADAS})
       ORDER BY cd_regulator, ano, nome`,
      IndicadorRow,
    );
    return [
      ...(await publicarSeries(ctx, ind)),
      ...(await publicarLinhagem(ctx, ind)),
      ...(await publicarDesafio(ctx, ind)),
    ];
  },
};
