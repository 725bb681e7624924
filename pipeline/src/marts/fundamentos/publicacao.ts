import type { AuditoriaDepAmort } from '@fundamentos/schemas/auditoria';
import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { EmpresaIndice } from '@fundamentos/schemas/empresa';
import { FatoSchema } from '@fundamentos/schemas/fatos';
import {
  formatarContaUsada,
  INDICADORES,
  type Indicadores,
  type NomeIndicador,
} from '@fundamentos/schemas/indicadores';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { ReapresentacaoLinha } from '@fundamentos/schemas/reapresentacoes';
import type { Tickers } from '@fundamentos/schemas/tickers';
import type { TextosFundamentos } from '@fundamentos/ui/fundamentos';
import { z } from 'zod';
import { agruparPor, agruparPorEmpresa } from '../../core/agrupar.ts';
import { faixaDeEmpresas, fatias } from '../../core/fatias.ts';
import { linhas, num, numOuNulo } from '../../core/sql.ts';
import type { BuildContext, Stage } from '../../core/stage.ts';
import {
  escreverJsonTexto,
  exigirDentroDoSchema,
  jsonComTexto,
  jsonObjetoPorLinha,
  textosPorEmpresa,
} from '../../publish/json-sql.ts';
import { escreverPacote } from '../../publish/pacote.ts';
import { escreverConjuntos } from '../conjuntos/escrever.ts';
import { citacaoDe, frase } from './citacao.ts';
import { DICIONARIO, dicionario, METODOLOGIA } from './dicionario.ts';
import { CAMPOS_DO_FATO, fatosForaDoSchema } from './fatos-json.ts';
import { IndicadorRow, PapelRow } from './linhas.ts';
import { provenienciaDoIndicador } from './proveniencia.ts';
import { AUSENCIAS, EMPRESAS_COM_FATOS_TRIMESTRAIS, EMPRESAS_COM_SCORES, PUBLICADAS } from './recursos.ts';

export const DEGUSTACAO = ['BOVA11', 'MXRF11', 'WEGE3'];
const NOMES = Object.keys(INDICADORES) as NomeIndicador[];

const EmpresaRow = z.object({
  cd_regulator: num,
  nome: z.string(),
  cnpj: z.string(),
  setor: z.string(),
  tipo: z.string(),
  ticker_atual: z.string(),
  tickers: z.array(z.string()),
  primeiro_ano: num,
  ultimo_ano: num,
  reapresentacoes: num,
});
type Empresa = z.infer<typeof EmpresaRow>;

const ReapRow = z.object({
  cd_regulator: num,
  ano: num,
  demo: z.string(),
  cd_conta: z.string(),
  valor_ultimo: num,
  valor_penult: num,
  dif_rel: numOuNulo,
  agreg: z.enum(['con', 'ind']),
  sem_valor: z.string().nullable(),
  tipo: z.enum(['dfp_seguinte', 'reapresentacao_no_ano']),
  versao_original: num,
  dt_receb_original: z.string().nullable(),
  versao_seguinte: num,
  dt_receb_seguinte: z.string().nullable(),
});

/** One annual fact as JSON text, written by DuckDB (publish/json-sql.ts) in FatoSchema's key order. */
const FATO_JSON = jsonObjetoPorLinha(
  { ...CAMPOS_DO_FATO, valor: { numero: 'CAST(valor AS DOUBLE)' } },
  Object.keys(FatoSchema.shape),
);

/** The `fatos` text of a company with no annual fact. */
const SEM_FATOS = Buffer.from('[]');

/** The published rows of mart_fatos that FatoSchema would reject (json-sql.ts `exigirDentroDoSchema`). */
const FATOS_FORA_DO_SCHEMA = fatosForaDoSchema(
  'mart_fatos',
  'cd_regulator, ano, demo, cd_conta, agreg, valor, versao',
  'valor IS NOT NULL',
);

const AlertaRow = z.object({ cd_regulator: num, ano: num, lucro: num, ctrl: num, diferenca_relativa: num });

const CandidatoRow = z.object({
  cd_regulator: num,
  ano: num,
  agreg: z.enum(['con', 'ind']),
  cd_conta: z.string(),
  ds_conta: z.string(),
  valor: num,
  decisao: z.enum(['incluida', 'excluida']),
  motivo: z.string(),
  arquivo: z.string(),
  linha: num,
});

const EbitdaRow = z.object({
  cd_regulator: num,
  ano: num,
  agreg: z.enum(['con', 'ind']).nullable(),
  ebit: numOuNulo,
  dep_amort: numOuNulo,
  ebitda: numOuNulo,
  flag: z.string().nullable(),
});

/** Which optional resources this build published for a company (recursos.ts), for the index. */
interface Presenca {
  scores: boolean;
  fatos_trimestrais: boolean;
}

function indiceEmpresa(e: Empresa, versao: string, tem: Presenca): EmpresaIndice {
  const t = e.ticker_atual;
  const aberto = DEGUSTACAO.includes(t);
  const recurso = (chave: keyof TextosFundamentos['recursos'], caminho: string = chave, exige = !aberto) => ({
    url: `/empresas/${t}/${caminho}`,
    o_que: frase('pt', 'recursos', chave),
    o_que_en: frase('en', 'recursos', chave),
    exige_chave: exige,
  });
  return {
    ticker: t,
    tickers: e.tickers,
    nome: e.nome,
    cnpj: e.cnpj,
    cd_regulator: e.cd_regulator,
    setor: e.setor,
    tipo: e.tipo,
    pagina: `/acoes/${t}`,
    citacao: citacaoDe('pt', versao, 'indice'),
    citacao_en: citacaoDe('en', versao, 'indice'),
    cobertura: { primeiro_ano: e.primeiro_ano, ultimo_ano: e.ultimo_ano, reapresentacoes: e.reapresentacoes },
    recursos: {
      indicadores: recurso('indicadores'),
      multiplos: recurso('multiplos'),
      fatos: recurso('fatos'),
      dividendos: recurso('dividendos'),
      scores: {
        ...recurso('scores'),
        ...(tem.scores ? {} : { ausente: AUSENCIAS.scores }),
      },
      reapresentacoes: recurso('reapresentacoes'),
      trimestres: recurso('trimestres'),
      ...(tem.fatos_trimestrais
        ? {
            fatos_trimestrais: recurso('fatos_trimestrais', 'fatos?trimestral=true'),
          }
        : {}),
    },
    chave: {
      necessaria_para: frase('pt', 'indice', 'chave_necessaria_para'),
      degustacao_aberta: DEGUSTACAO,
      como_obter: '/chave-gratis',
    },
    linhagem: `/empresas/${t}/linhagem/{ano}/{indicador}`,
    metodologia: METODOLOGIA,
    nota: frase('pt', 'indice', 'nota'),
  };
}

async function publicarEmpresa(
  ctx: BuildContext,
  e: Empresa,
  d: {
    ind: z.infer<typeof IndicadorRow>[];
    papeis: z.infer<typeof PapelRow>[];
    reap: z.infer<typeof ReapRow>[];
    /** The `fatos` array as JSON text (FATO_JSON per row), its UTF-8 bytes. */
    fatos: Uint8Array;
    alerta: z.infer<typeof AlertaRow> | undefined;
    tem: Presenca;
  },
): Promise<ManifestEntry[]> {
  const v = ctx.versao_do_dado;
  const out: ManifestEntry[] = [];
  out.push(
    await ctx.writer.json({
      name: `empresa_${e.cd_regulator}`,
      ...escrita(ARTEFATOS.empresa, { cd: e.cd_regulator }),
      data: indiceEmpresa(e, v, d.tem),
    }),
  );
  const contas: Record<string, string> = {};
  for (const p of d.papeis) {
    contas[`${p.papel}_${p.ano}`] = formatarContaUsada({
      demo: p.demo,
      cd_conta: p.cd_conta,
      agreg: p.agreg,
      ano: p.ano,
    });
  }
  const proveniencia: Indicadores['proveniencia'] = {};
  for (const nome of NOMES) proveniencia[nome] = provenienciaDoIndicador(nome);
  const indicadores: Indicadores = {
    cd_regulator: e.cd_regulator,
    tipo: e.tipo,
    indicadores: d.ind.map((r) => ({ ano: r.ano, nome: r.nome, valor: r.valor, flag: r.flag })),
    proveniencia,
    contas_usadas: contas,
    dicionario: DICIONARIO,
    nota: frase('pt', 'indicadores', 'nota'),
    nota_en: frase('en', 'indicadores', 'nota'),
    citacao: citacaoDe('pt', v, 'indicadores', { cd: String(e.cd_regulator) }),
    citacao_en: citacaoDe('en', v, 'indicadores', { cd: String(e.cd_regulator) }),
  };
  // the rule and the gap are in mart_fundamentos_alerta_minoritarios (alerta-minoritarios.ts)
  if (d.alerta)
    indicadores.alerta_minoritarios = {
      por_que: frase('pt', 'indicadores', 'alerta_por_que', { ano: String(d.alerta.ano) }),
      por_que_en: frase('en', 'indicadores', 'alerta_por_que', { ano: String(d.alerta.ano) }),
      lucro_total_3_11: d.alerta.lucro,
      lucro_controladores_3_11_01: d.alerta.ctrl,
      diferenca_relativa: d.alerta.diferenca_relativa,
      onde_isso_NAO_se_aplica: frase('pt', 'indicadores', 'alerta_onde_nao_se_aplica'),
      onde_isso_NAO_se_aplica_en: frase('en', 'indicadores', 'alerta_onde_nao_se_aplica'),
    };
  out.push(
    await ctx.writer.json({
      name: `indicadores_${e.cd_regulator}`,
      ...escrita(ARTEFATOS.indicadores, { cd: e.cd_regulator }),
      data: indicadores,
    }),
  );
  const reap: ReapresentacaoLinha[] = d.reap.map((r) => ({
    ano: r.ano,
    demo: r.demo,
    cd_conta: r.cd_conta,
    valor_ultimo: r.valor_ultimo,
    valor_penult: r.valor_penult,
    dif_rel: r.dif_rel,
    agreg: r.agreg,
    sem_valor: r.sem_valor,
    tipo: r.tipo,
    versao_original: r.versao_original,
    dt_receb_original: r.dt_receb_original,
    versao_seguinte: r.versao_seguinte,
    dt_receb_seguinte: r.dt_receb_seguinte,
  }));
  out.push(
    await ctx.writer.json({
      name: `reapresentacoes_${e.cd_regulator}`,
      ...escrita(ARTEFATOS.reapresentacoes, { cd: e.cd_regulator }),
      data: {
        cd_regulator: e.cd_regulator,
        citacao: citacaoDe('pt', v, 'reapresentacoes', { cd: String(e.cd_regulator) }),
        citacao_en: citacaoDe('en', v, 'reapresentacoes', { cd: String(e.cd_regulator) }),
        total: reap.length,
        reapresentacoes: reap,
        nota: frase('pt', 'reapresentacoes', 'nota'),
        nota_en: frase('en', 'reapresentacoes', 'nota'),
        nota_agregacao: frase('pt', 'reapresentacoes', 'nota_agregacao'),
        nota_agregacao_en: frase('en', 'reapresentacoes', 'nota_agregacao'),
      },
    }),
  );
  const fatos = escrita(ARTEFATOS.fatos, { cd: e.cd_regulator });
  const envelope = fatos.schema.parse({
    cd_regulator: e.cd_regulator,
    trimestral: false,
    fatos: [],
    nota: frase('pt', 'fatos', 'nota'),
    citacao: citacaoDe('pt', v, 'fatos', { cd: String(e.cd_regulator) }),
  });
  out.push(
    await escreverJsonTexto(ctx.writer, {
      name: `fatos_${e.cd_regulator}`,
      ...fatos,
      texto: jsonComTexto(envelope, 'fatos', d.fatos),
    }),
  );
  return out;
}

/** The per-company rows of one slice of companies (ascending), grouped by company, each in its order. */
async function dadosDaFatia(db: BuildContext['db'], fatia: readonly Empresa[]) {
  const faixa = faixaDeEmpresas(fatia.map((e) => e.cd_regulator));
  const ind = await linhas(
    db,
    `SELECT cd_regulator, ano, nome, valor, flag FROM mart_indicadores
     WHERE cd_regulator IN (${PUBLICADAS}) AND ${faixa} ORDER BY cd_regulator, ano, nome`,
    IndicadorRow,
  );
  const papeis = await linhas(
    db,
    `SELECT DISTINCT cd_regulator, ano, papel, demo, cd_conta, agreg FROM int_fundamentos_papeis
     WHERE ordem = 'ultimo' AND cd_regulator IN (${PUBLICADAS}) AND ${faixa} ORDER BY ALL`,
    PapelRow,
  );
  const reap = await linhas(
    db,
    `SELECT cd_regulator, ano, demo, cd_conta, valor_ultimo, valor_penult, dif_rel, agreg, sem_valor, tipo,
       versao_original, CAST(dt_receb_original AS VARCHAR) AS dt_receb_original, versao_seguinte,
       CAST(dt_receb_seguinte AS VARCHAR) AS dt_receb_seguinte
     FROM mart_reapresentacoes WHERE cd_regulator IN (${PUBLICADAS}) AND ${faixa}
     ORDER BY cd_regulator, ano, demo, cd_conta, agreg, ano_filing_seguinte, versao_seguinte`,
    ReapRow,
  );
  // Each company's facts as one JSON array text, written by DuckDB (issue #10 item 1).
  const fatos = await textosPorEmpresa(
    db,
    `SELECT cd_regulator, '[' || string_agg(${FATO_JSON.objeto}, ',' ORDER BY ano, demo, cd_conta) || ']' AS fatos
     FROM (SELECT ${FATO_JSON.selecao} FROM mart_fatos WHERE cd_regulator IN (${PUBLICADAS}) AND ${faixa})
     GROUP BY cd_regulator`,
  );
  return {
    ind: agruparPorEmpresa(ind),
    papeis: agruparPorEmpresa(papeis),
    reap: agruparPorEmpresa(reap),
    fatos,
  };
}

export const publicacaoFundamentosStage: Stage = {
  name: 'publicacao_fundamentos',
  le: [
    'int_fundamentos_base',
    'int_fundamentos_dep_amort',
    'int_fundamentos_papeis',
    'mart_dep_amort_candidatos',
    'mart_empresas',
    'mart_fatos',
    'mart_fatos_trimestrais',
    'mart_fundamentos_alerta_minoritarios',
    'mart_fundamentos_tickers_donos',
    'mart_indicadores',
    'mart_reapresentacoes',
  ],
  cria: [],
  async run(ctx) {
    const db = ctx.db;
    const v = ctx.versao_do_dado;
    const out: ManifestEntry[] = [];
    await exigirDentroDoSchema(db, 'mart_fatos', 'FatoSchema', FATOS_FORA_DO_SCHEMA);
    const empresas = await linhas(
      db,
      `SELECT cd_regulator, nome, cnpj, setor, tipo, ticker_atual, tickers, primeiro_ano, ultimo_ano, reapresentacoes
       FROM mart_empresas WHERE len(tickers) > 0 ORDER BY cd_regulator`,
      EmpresaRow,
    );
    const alertas = agruparPorEmpresa(
      await linhas(
        db,
        'SELECT cd_regulator, ano, lucro, ctrl, diferenca_relativa FROM mart_fundamentos_alerta_minoritarios',
        AlertaRow,
      ),
    );
    const comScores = new Set(
      (await linhas(db, EMPRESAS_COM_SCORES, z.object({ cd_regulator: num }))).map((r) => r.cd_regulator),
    );
    const comFatosTrimestrais = new Set(
      (await linhas(db, EMPRESAS_COM_FATOS_TRIMESTRAIS, z.object({ cd_regulator: num }))).map(
        (r) => r.cd_regulator,
      ),
    );
    // A slice of companies at a time (fatias.ts): their rows are written and released before the next.
    for (const fatia of fatias(empresas)) {
      const d = await dadosDaFatia(db, fatia);
      for (const e of fatia) {
        out.push(
          ...(await publicarEmpresa(ctx, e, {
            tem: {
              scores: comScores.has(e.cd_regulator),
              fatos_trimestrais: comFatosTrimestrais.has(e.cd_regulator),
            },
            ind: d.ind.get(e.cd_regulator) ?? [],
            papeis: d.papeis.get(e.cd_regulator) ?? [],
            reap: d.reap.get(e.cd_regulator) ?? [],
            fatos: d.fatos.get(e.cd_regulator) ?? SEM_FATOS,
            alerta: alertas.get(e.cd_regulator)?.[0],
          })),
        );
      }
    }
    for (const fatia of fatias(empresas.map((e) => e.cd_regulator)))
      out.push(...(await publicarAuditoria(ctx, fatia)));

    out.push(
      await ctx.writer.json({
        name: 'empresas',
        ...escrita(ARTEFATOS.empresas),
        data: empresas.map((e) => {
          const {
            citacao: _c,
            citacao_en: _ce,
            cobertura: _co,
            recursos: _r,
            chave: _ch,
            linhagem: _l,
            metodologia: _m,
            nota: _n,
            ...id
          } = indiceEmpresa(e, v, { scores: false, fatos_trimestrais: false });
          return id;
        }),
      }),
    );
    const tickers: Tickers = {};
    const donos = await linhas(
      db,
      'SELECT ticker, cd_regulator, ticker_atual, vigente FROM mart_fundamentos_tickers_donos ORDER BY ticker',
      z.object({ ticker: z.string(), cd_regulator: num, ticker_atual: z.string(), vigente: z.boolean() }),
    );
    for (const t of donos)
      tickers[t.ticker] = { cd_regulator: t.cd_regulator, ticker_atual: t.ticker_atual, vigente: t.vigente };
    out.push(
      await ctx.writer.json({
        name: 'tickers',
        ...escrita(ARTEFATOS.tickers),
        data: tickers,
      }),
    );
    out.push(
      await ctx.writer.json({
        name: 'dicionario',
        ...escrita(ARTEFATOS.dicionario),
        data: dicionario(v),
      }),
    );
    const universo = await linhas(
      db,
      `SELECT cd_regulator || '|' || ano || '|' || nome AS l FROM mart_indicadores
       WHERE valor IS NOT NULL AND cd_regulator IN (${PUBLICADAS}) ORDER BY cd_regulator, ano, nome`,
      z.object({ l: z.string().regex(/^\d+\|\d{4}\|[a-z0-9_]+$/) }),
    );
    out.push(
      await ctx.writer.text({
        name: 'auditoria_universo',
        path: ARTEFATOS.universo_auditoria.caminho(),
        schemaName: ARTEFATOS.universo_auditoria.nome,
        content: universo.map((u) => `${u.l}\n`).join(''),
        rows: universo.length,
      }),
    );
    out.push(...(await escreverConjuntos(ctx, CONJUNTOS)));
    return out;
  },
};

/** The dep/amort audit packs of a slice of companies (ascending codes). */
async function publicarAuditoria(ctx: BuildContext, cds: readonly number[]): Promise<ManifestEntry[]> {
  const v = ctx.versao_do_dado;
  const faixa = faixaDeEmpresas(cds);
  const cands = await linhas(
    ctx.db,
    `SELECT cd_regulator, ano, agreg, cd_conta, ds_conta, valor, decisao, motivo, arquivo, linha
     FROM mart_dep_amort_candidatos WHERE cd_regulator IN (${PUBLICADAS}) AND ${faixa}
     ORDER BY cd_regulator, ano, cd_conta`,
    CandidatoRow,
  );
  const anos = await linhas(
    ctx.db,
    `SELECT i.cd_regulator, i.ano, da.agreg, b.ebit_u AS ebit, da.dep_amort, i.valor AS ebitda, i.flag
     FROM mart_indicadores i
     LEFT JOIN int_fundamentos_base b USING (cd_regulator, ano) LEFT JOIN int_fundamentos_dep_amort da USING (cd_regulator, ano)
     WHERE i.nome = 'ebitda' AND i.cd_regulator IN (${PUBLICADAS}) AND ${faixaDeEmpresas(cds, 'i.cd_regulator')}
       AND (b.ebit_u IS NOT NULL OR da.cd_regulator IS NOT NULL)
     ORDER BY i.cd_regulator, i.ano`,
    EbitdaRow,
  );
  const chave = (cd: number, ano: number) => `${cd}/${ano}`;
  const porAno = agruparPor(cands, (c) => chave(c.cd_regulator, c.ano));
  // One pack per company (schemas/src/pacotes.ts); each year keeps its own path and bytes.
  const porEmpresa = new Map<number, Array<{ path: string; data: AuditoriaDepAmort }>>();
  for (const a of anos) {
    const data: AuditoriaDepAmort = {
      cd_regulator: a.cd_regulator,
      ano: a.ano,
      agreg: a.agreg,
      ebit_3_05: a.ebit,
      dep_amort: a.dep_amort,
      ebitda: a.ebitda,
      flag: a.flag,
      candidatos: (porAno.get(chave(a.cd_regulator, a.ano)) ?? []).map((c) => ({
        cd_conta: c.cd_conta,
        ds_conta: c.ds_conta,
        valor: c.valor,
        decisao: c.decisao,
        motivo: c.motivo,
        fonte: `${c.arquivo}:${c.linha}`,
      })),
      regra: frase('pt', 'dep_amort', 'regra'),
      nota: frase('pt', 'dep_amort', 'nota'),
      citacao: citacaoDe('pt', v, 'dep_amort', { ano: String(a.ano), cd: String(a.cd_regulator) }),
    };
    const membros = porEmpresa.get(a.cd_regulator) ?? [];
    membros.push({ path: ARTEFATOS.auditoria_dep_amort.caminho({ cd: a.cd_regulator, ano: a.ano }), data });
    porEmpresa.set(a.cd_regulator, membros);
  }
  const out: ManifestEntry[] = [];
  for (const [cd, membros] of porEmpresa) {
    out.push(
      await escreverPacote(ctx.writer, {
        name: `dep_amort_${cd}`,
        artefato: ARTEFATOS.auditoria_dep_amort,
        membros,
      }),
    );
  }
  return out;
}

/** Bulk sets (docs/datasets.md): the same rows as the JSON, for Parquet and the CSV dump. */
export const CONJUNTOS: Record<string, string> = {
  empresas: `SELECT cd_regulator, nome, cnpj, setor, tipo, ticker_atual, array_to_string(tickers, ';') AS tickers,
                    primeiro_ano, ultimo_ano, reapresentacoes FROM mart_empresas ORDER BY cd_regulator`,
  fatos: `SELECT cd_regulator, ano, demo, cd_conta, ds_conta, agreg, valor, versao, dt_receb, arquivo, linha
          FROM mart_fatos ORDER BY cd_regulator, ano, demo, cd_conta`,
  fatos_trimestrais: `SELECT cd_regulator, ano, trimestre, demo, cd_conta, ds_conta, agreg, valor, flag, origem, versao,
                             dt_receb, arquivo, linha, acumulado
                      FROM mart_fatos_trimestrais ORDER BY cd_regulator, ano, trimestre, demo, cd_conta`,
  indicadores:
    'SELECT cd_regulator, ano, nome, valor, flag FROM mart_indicadores ORDER BY cd_regulator, ano, nome',
  reapresentacoes: `SELECT ano, demo, cd_conta, valor_ultimo, valor_penult, dif_rel, agreg, sem_valor, cd_regulator,
                      tipo, versao_original, dt_receb_original, versao_seguinte, dt_receb_seguinte
                    FROM mart_reapresentacoes ORDER BY cd_regulator, ano, demo, cd_conta, ano_filing_seguinte, versao_seguinte`,
};
