import {
  type EtfAgio,
  type EtfLista,
  type EtfRecurso,
  JANELAS_RETORNO_ETF,
  type Lacuna,
} from '@fundamentos/schemas/etfs';
import { juntarFlags } from '@fundamentos/schemas/flags';
import { textosDosFundos } from '@fundamentos/ui/fundos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import type { Lang } from '@fundamentos/ui/i18n/strings';
import { z } from 'zod';
import { agruparPorTicker } from '../../core/agrupar.ts';
import { executar, linhas, num } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';
import { PARAMETROS_ETFS, PREGOES_LIQUIDEZ, SQL_ETFS } from './sql.ts';

const numN = z.coerce.number().nullable();
const data = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const texto = z.string().min(1);

const TEXTOS = { pt: textosDosFundos('pt'), en: textosDosFundos('en') };
/** Every message of a group of ui/src/fundos filled in one language (the session count is our constant). */
const preencher = <K extends string>(lang: Lang, grupo: Record<K, string>): Record<K, string> =>
  Object.fromEntries(
    Object.entries<string>(grupo).map(([k, m]) => [k, mensagem(lang, m, { pregoes: PREGOES_LIQUIDEZ })]),
  ) as Record<K, string>;

/** Where the fields that no staged file fills would come from (shown in `lacunas` and on the page). */
export const FONTES_QUE_PREENCHERIAM = preencher('pt', TEXTOS.pt.etf.lacunas);
/** The same sources in English: the English pages show these, never a lookup of the Portuguese. */
export const FONTES_QUE_PREENCHERIAM_EN = preencher('en', TEXTOS.en.etf.lacunas);

/** Where each block of an ETF's artefact comes from. */
export const FONTES: Record<string, string> = preencher('pt', TEXTOS.pt.etf.fontes);
/** `FONTES` in English, same keys in the same order (the schema checks it). */
export const FONTES_EN: Record<string, string> = preencher('en', TEXTOS.en.etf.fontes);

/** How the peers were chosen: the same index as this ETF, or none when it has no index. */
const criterioPares = (lang: Lang, indice: string | null): string =>
  indice === null
    ? mensagem(lang, TEXTOS[lang].etf.pares.sem_indice)
    : mensagem(lang, TEXTOS[lang].etf.pares.com_indice, { indice });

const Lista = z.object({
  sigla: texto,
  ticker: texto,
  nome: texto,
  nome_pregao: texto,
  emissor: texto,
  indice: texto.nullable(),
  origem: texto,
  n_cnpj: num,
  cnpj: texto.nullable(),
  origens: z.array(texto),
});
const Cvm = z.object({
  ticker: texto,
  codigo_regulator: texto.nullable(),
  situacao: texto.nullable(),
  data_inicio: data.nullable(),
  gestor: texto.nullable(),
  administrador: texto.nullable(),
  custodiante: texto.nullable(),
  auditor: texto.nullable(),
  pl_registro: numN,
  pl_registro_data: data.nullable(),
  taxa_adm_declarada: numN,
  taxa_adm_texto: texto.nullable(),
  taxa_adm_origem: texto.nullable(),
});
const Informe = z.object({
  ticker: texto,
  data,
  cota: num,
  pl: num,
  cotistas: numN,
  captacao: numN,
  resgate: numN,
  origem: texto,
  n: num,
  de: data,
});
const Preco = z.object({
  ticker: texto,
  data,
  fechamento: num,
  volume: num,
  codisi: z.string().nullable(),
  origem: texto,
  n: num,
  de: data,
});
const Agio = z.object({
  ticker: texto,
  data,
  preco: num,
  cota: numN,
  agio: numN,
  flag: z.string().nullable(),
});
const Retorno = z.object({
  serie: z.enum(['preco', 'cota']),
  ticker: texto,
  janela: texto,
  ate: data,
  retorno: numN,
  mil_reais: numN,
});
const Liquidez = z.object({ ticker: texto, n_sessoes: num, media: numN });
const CarteiraPl = z.object({ ticker: texto, competencia: data, pl: num, arquivo: texto });
const Posicao = z.object({
  ticker: texto,
  ativo: texto,
  tipo: texto,
  valor: num,
  fracao: numN,
  arquivo: texto,
});
const Sobreposicao = z.object({ ticker: texto, par: texto, sobreposicao: num });
const Tipo = z.object({ ticker: texto, tipo: texto, fracao: numN });
const Pares = z.object({ ticker: texto, n: num, tickers: z.array(texto), agio: numN });

function retornos(rs: z.infer<typeof Retorno>[] | undefined): EtfRecurso['retornos_pela_cota'] {
  if (rs === undefined || rs.length === 0) return null;
  const janelas = Object.fromEntries(
    JANELAS_RETORNO_ETF.map((j) => [j, rs.find((r) => r.janela === j)?.retorno ?? null]),
  ) as Record<(typeof JANELAS_RETORNO_ETF)[number], number | null>;
  const mil_reais = Object.fromEntries(
    JANELAS_RETORNO_ETF.map((j) => [j, rs.find((r) => r.janela === j)?.mil_reais ?? null]),
  ) as Record<(typeof JANELAS_RETORNO_ETF)[number], number | null>;
  const ate = rs[0]?.ate as string;
  const flag = Object.values(janelas).some((v) => v === null) ? 'janela_sem_cobertura' : null;
  return { janelas, ate, mil_reais, flag };
}

export interface EtfsMontados {
  lista: EtfLista;
  recursos: EtfRecurso[];
}

/** Runs the ETF SQL and assembles the list and one resource per listed ETF. */
export async function montarEtfs(ctx: Pick<BuildContext, 'db' | 'versao_do_dado'>): Promise<EtfsMontados> {
  await executar(ctx.db, SQL_ETFS, PARAMETROS_ETFS);
  const lista = await linhas(
    ctx.db,
    `SELECT l.sigla, l.ticker, l.nome, l.nome_pregao, l.emissor, l.indice, l.origem, v.n_cnpj, v.cnpj, v.origens
     FROM int_etf_lista l JOIN int_etf_vinculo v USING (ticker) ORDER BY l.ticker`,
    Lista,
  );
  const cvm = new Map(
    (await linhas(ctx.db, 'SELECT * FROM int_etf_cadastro_cvm', Cvm)).map((r) => [r.ticker, r] as const),
  );
  const informe = new Map(
    (
      await linhas(
        ctx.db,
        `SELECT *, CAST(count(*) OVER w AS INTEGER) AS n, CAST(min(data) OVER w AS VARCHAR) AS de
         FROM (SELECT ticker, CAST(data AS VARCHAR) AS data, cota, pl, cotistas, captacao, resgate, origem FROM int_etf_informes)
         WINDOW w AS (PARTITION BY ticker) QUALIFY row_number() OVER (PARTITION BY ticker ORDER BY data DESC) = 1`,
        Informe,
      )
    ).map((r) => [r.ticker, r] as const),
  );
  const preco = new Map(
    (
      await linhas(
        ctx.db,
        `SELECT *, CAST(count(*) OVER w AS INTEGER) AS n, CAST(min(data) OVER w AS VARCHAR) AS de
         FROM (SELECT ticker, CAST(data AS VARCHAR) AS data, fechamento, volume, codisi, origem FROM int_etf_precos)
         WINDOW w AS (PARTITION BY ticker) QUALIFY row_number() OVER (PARTITION BY ticker ORDER BY data DESC) = 1`,
        Preco,
      )
    ).map((r) => [r.ticker, r] as const),
  );
  const agios = agruparPorTicker(
    await linhas(
      ctx.db,
      `SELECT ticker, CAST(data AS VARCHAR) AS data, preco, cota, agio, flag FROM int_etf_agio
       QUALIFY row_number() OVER (PARTITION BY ticker ORDER BY data DESC) <= 30 ORDER BY ticker, data DESC`,
      Agio,
    ),
  );
  const rets = await linhas(ctx.db, 'SELECT * FROM int_etf_retornos ORDER BY serie, ticker, janela', Retorno);
  const retPreco = agruparPorTicker(rets.filter((r) => r.serie === 'preco'));
  const retCota = agruparPorTicker(rets.filter((r) => r.serie === 'cota'));
  const liquidez = new Map(
    (await linhas(ctx.db, 'SELECT * FROM int_etf_liquidez', Liquidez)).map((r) => [r.ticker, r] as const),
  );
  const cartPl = new Map(
    (
      await linhas(
        ctx.db,
        'SELECT ticker, CAST(competencia AS VARCHAR) AS competencia, pl, arquivo FROM int_etf_carteira_pl',
        CarteiraPl,
      )
    ).map((r) => [r.ticker, r] as const),
  );
  const posicoes = agruparPorTicker(
    await linhas(
      ctx.db,
      'SELECT ticker, ativo, tipo, valor, fracao, arquivo FROM int_etf_carteira ORDER BY ticker, valor DESC, ativo',
      Posicao,
    ),
  );
  const sobre = agruparPorTicker(
    await linhas(
      ctx.db,
      'SELECT * FROM int_etf_sobreposicao ORDER BY ticker, sobreposicao DESC, par',
      Sobreposicao,
    ),
  );
  const tipos = agruparPorTicker(
    await linhas(
      ctx.db,
      'SELECT ticker, tipo, fracao FROM int_etf_carteira_tipos ORDER BY ticker, valor DESC, tipo',
      Tipo,
    ),
  );
  const paresSql = new Map(
    (await linhas(ctx.db, 'SELECT * FROM int_etf_pares', Pares)).map((r) => [r.ticker, r] as const),
  );
  const porTicker = new Map(lista.map((l) => [l.ticker, l] as const));

  const base = lista.map((l) => {
    const ag = (agios.get(l.ticker) ?? []).map(
      (a): EtfAgio => ({ data: a.data, preco: a.preco, cota: a.cota, agio: a.agio, flag: a.flag }),
    );
    return { l, ag, retCota: retornos(retCota.get(l.ticker)) };
  });

  const recursos = base.map(({ l, ag, retCota: rc }): EtfRecurso => {
    const c = cvm.get(l.ticker);
    const inf = informe.get(l.ticker);
    const pr = preco.get(l.ticker);
    const liq = liquidez.get(l.ticker);
    const cp = cartPl.get(l.ticker);
    const lacunas: Lacuna[] = [];
    const falta = (campo: string, flag: string, fonte: keyof typeof FONTES_QUE_PREENCHERIAM) =>
      lacunas.push({
        campo,
        flag,
        fonte: FONTES_QUE_PREENCHERIAM[fonte],
        fonte_en: FONTES_QUE_PREENCHERIAM_EN[fonte],
      });
    const semCnpj = l.cnpj === null ? (l.n_cnpj > 1 ? 'etf_cnpj_ambiguo' : 'etf_sem_cnpj') : null;

    if (semCnpj) falta('cadastro.cnpj', semCnpj, 'cnpj');
    falta('cadastro.escriturador', 'sem_fonte_no_pipeline', 'escriturador');
    falta('cadastro.id_fnet', 'sem_fonte_no_pipeline', 'id_fnet');
    falta('cadastro.cotas_emitidas', 'sem_fonte_no_pipeline', 'cotas');
    if (l.indice === null) falta('cadastro.indice_nome', 'sem_indice', 'indice');
    if (inf === undefined) falta('ultimo_informe', semCnpj ?? 'sem_informe_diario', 'informe');
    else falta('ultimo_informe.data_entrega', 'sem_fonte_no_pipeline', 'entrega');
    if (pr === undefined) falta('ultimo_fechamento', 'sem_pregao', 'precos');
    if (ag.length === 0)
      falta('agio_30_pregoes', pr === undefined ? 'sem_pregao' : (semCnpj ?? 'sem_cota_na_data'), 'informe');
    falta('taxa_efetiva_mensal', 'sem_fonte_de_despesas', 'despesas');
    if (cp === undefined) falta('carteira', semCnpj ?? 'sem_carteira_cda', 'carteira');
    if (rc === null) falta('retornos_pela_cota', semCnpj ?? 'sem_informe_diario', 'informe');
    const rp = retornos(retPreco.get(l.ticker));
    if (rp === null) falta('retornos_pelo_preco', 'sem_pregao', 'precos');
    if (liq?.media == null) falta('liquidez_media_60', 'pregoes_insuficientes', 'liquidez');

    const pares = paresSql.get(l.ticker);
    if (l.indice === null) falta('pares', 'sem_indice', 'indice');

    const carteira: EtfRecurso['carteira'] =
      cp === undefined
        ? null
        : (() => {
            const ps = posicoes.get(l.ticker) ?? [];
            return {
              competencia: cp.competencia,
              n_posicoes: ps.length,
              pl: cp.pl,
              maiores: ps
                .slice(0, 10)
                .map((p) => ({ ativo: p.ativo, tipo: p.tipo, valor: p.valor, fracao: p.fracao })),
              por_tipo: (tipos.get(l.ticker) ?? []).map((t): [string, number | null] => [t.tipo, t.fracao]),
              sobreposicao_mesmo_indice: (sobre.get(l.ticker) ?? []).map((s) => ({
                ticker: s.par,
                nome: porTicker.get(s.par)?.nome ?? s.par,
                sobreposicao: s.sobreposicao,
              })),
              origem: [...new Set([cp.arquivo, ...ps.map((p) => p.arquivo)])].sort().join(', '),
            };
          })();

    return {
      versao_do_dado: ctx.versao_do_dado,
      cadastro: {
        cnpj: l.cnpj,
        codigo_regulator: c?.codigo_regulator ?? null,
        nome: l.nome,
        nome_pregao: l.nome_pregao,
        emissor: l.emissor,
        ticker: l.ticker,
        sigla: l.sigla,
        tipo_b3: 'ETF',
        isin: pr?.codisi ?? null,
        situacao: c?.situacao ?? null,
        data_inicio: c?.data_inicio ?? null,
        gestor: c?.gestor ?? null,
        administrador: c?.administrador ?? null,
        escriturador: null,
        custodiante: c?.custodiante ?? null,
        auditor: c?.auditor ?? null,
        id_fnet: null,
        cotas_emitidas: null,
        cotas_data: null,
        indice_nome: l.indice,
        pl_registro: c?.pl_registro ?? null,
        pl_registro_data: c?.pl_registro_data ?? null,
        taxa_adm_declarada: c?.taxa_adm_declarada ?? null,
        taxa_adm_texto: c?.taxa_adm_texto ?? null,
        taxa_adm_origem: c?.taxa_adm_origem ?? null,
        origem_lista: l.origem,
        origem_cadastro: l.origens,
        flag: juntarFlags([semCnpj ?? '', l.indice === null ? '' : 'indice_semi_curado']),
      },
      ultimo_informe:
        inf === undefined
          ? null
          : {
              data: inf.data,
              cota: inf.cota,
              pl: inf.pl,
              cotistas: inf.cotistas,
              captacao: inf.captacao,
              resgate: inf.resgate,
              data_entrega: null,
              origem: inf.origem,
            },
      ultimo_fechamento:
        pr === undefined
          ? null
          : { data: pr.data, fechamento: pr.fechamento, volume: pr.volume, origem: pr.origem },
      ultimo_agio: ag[0] ?? null,
      agio_30_pregoes: ag,
      taxa_efetiva_mensal: [],
      taxa_media_12m: null,
      carteira,
      retornos_pela_cota: rc,
      retornos_pelo_preco: rp,
      pares: {
        n: pares?.n ?? 0,
        criterio: criterioPares('pt', l.indice),
        criterio_en: criterioPares('en', l.indice),
        tickers: pares?.tickers ?? [],
        agio: pares?.agio ?? null,
        taxa: null,
      },
      liquidez_media_60: liq?.media ?? null,
      cobertura: {
        precos: { n: pr?.n ?? 0, de: pr?.de ?? null, ate: pr?.data ?? null },
        informes: { n: inf?.n ?? 0, de: inf?.de ?? null, ate: inf?.data ?? null },
      },
      fontes: FONTES,
      fontes_en: FONTES_EN,
      lacunas,
    };
  });

  return {
    lista: lista.map((l) => ({
      ticker: l.ticker,
      nome: l.nome,
      indice: l.indice,
      cnpj: l.cnpj,
      ultimo_fechamento: preco.get(l.ticker)?.fechamento ?? null,
      ultima_sessao: preco.get(l.ticker)?.data ?? null,
    })),
    recursos,
  };
}
