import type { ItemVeredito, Veredito } from '@fundamentos/schemas/veredito';
import { agruparPor } from '../../core/agrupar.ts';
import { citacao } from '../fundamentos/citacao.ts';
import type { EmpresaVeredito, ItemVereditoLinha, MartVereditos, Referencia } from './entrada.ts';
import {
  ANOS_DEFASAGEM_UNIVERSO,
  ITENS_VEREDITO,
  MINIMO_GRUPO,
  MINIMO_NUMEROS,
  type NomeItem,
  SETOR_SEM_NOME,
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

interface Motivo {
  pt: string;
  en: string;
  cor: 'amarelo' | 'vermelho';
}

const referencia = (
  mediana: number | null,
  n: number,
  posicao: Referencia['posicao'],
  percentil: number | null,
) => ({
  mediana,
  n,
  posicao,
  percentil,
});

/** One item as published, from its mart row: the words come from textos.ts, every number from the row. */
function item(l: ItemVereditoLinha, setorDaEmpresa: string, reapresentado: boolean): ItemVeredito {
  const nome = l.nome;
  const setor =
    l.setor_n === null ? null : referencia(l.setor_mediana, l.setor_n, l.setor_posicao, l.setor_percentil);
  const faixa = faixaDe(nome, l.valor);
  const texto = textoCurto(nome, l.ano, l.valor, l.flag, faixa, setor);
  const marcas: string[] = [];
  if (reapresentado) marcas.push('ano_reapresentado');
  if (setorDaEmpresa === SETOR_SEM_NOME) marcas.push('setor_nao_informado');
  else if ((setor?.n ?? 0) < MINIMO_GRUPO) marcas.push('setor_pequeno');
  const extra: Partial<ItemVeredito> =
    nome === 'pl' || nome === 'pvp'
      ? { data_preco: l.data_preco, apoio: { preco: l.preco, dt_receb: l.dt_receb } }
      : nome === 'dl_ebitda'
        ? { apoio: { divida_liquida: l.divida_liquida, ebitda: l.ebitda } }
        : {};
  return {
    nome,
    rotulo: ROTULO[nome].pt,
    valor: l.valor,
    ano: l.ano,
    flag: l.flag,
    marcas,
    faixa: faixa?.pt ?? null,
    faixa_en: faixa?.en ?? null,
    texto_curto: texto.pt,
    texto_curto_en: texto.en,
    comparacao: {
      setor,
      historico: referencia(l.historico_mediana, l.historico_n, l.historico_posicao, null),
      universo: referencia(l.universo_mediana, l.universo_n, l.universo_posicao, l.universo_percentil),
    },
    disponivel: l.valor !== null,
    ...extra,
  };
}

/** The flag's reasons, one per rule, in order; the colour is the worst of them. */
function motivos(e: EmpresaVeredito): Motivo[] {
  const m: Motivo[] = [];
  if (e.ressalva_no_ano) m.push({ cor: 'vermelho', ...TEXTO_MOTIVO.parecerDoAno(e.ano) });
  if (e.reap_recentes.length > 0) m.push({ cor: 'amarelo', ...TEXTO_MOTIVO.reapresentados(e.reap_recentes) });
  if (e.outras_ressalvas.length > 0)
    m.push({ cor: 'amarelo', ...TEXTO_MOTIVO.outrasRessalvas(e.outras_ressalvas) });
  if (e.anos_entre_indicador_e_balanco >= 1)
    m.push({ cor: 'amarelo', ...TEXTO_MOTIVO.indicadoresAtrasados(e.ano, e.ano_dfp) });
  if (e.ano_dfp_universo - e.ano_dfp >= ANOS_DEFASAGEM_UNIVERSO)
    m.push({ cor: 'amarelo', ...TEXTO_MOTIVO.dfpDefasado(e.ano_dfp, e.ano_dfp_universo) });
  // a number that does not apply to the company's chart of accounts (banks, insurers) is not missing
  if (e.numeros < Math.min(MINIMO_NUMEROS, e.aplicaveis))
    m.push({ cor: 'amarelo', ...TEXTO_MOTIVO.poucosNumeros(e.numeros, e.aplicaveis, e.ano) });
  return m;
}

/**
 * The flag's colour and reasons from its inputs (a row of `mart_veredito_empresas`, or of
 * `mart_veredito_empresas_por_corte` for the watcher's colour as of each year): the colour is the worst
 * reason, green without any.
 */
export function bandeiraDe(e: EmpresaVeredito): Pick<Veredito['bandeira'], 'cor' | 'motivos' | 'motivos_en'> {
  const ms = motivos(e);
  return {
    cor: ms.some((m) => m.cor === 'vermelho') ? 'vermelho' : ms.length > 0 ? 'amarelo' : 'verde',
    motivos: ms.map((m) => m.pt),
    motivos_en: ms.map((m) => m.en),
  };
}

/** Shapes every company's verdict from the mart rows; pure, and independent of the rows' order. */
export function montarVereditos(mart: MartVereditos, versao_do_dado: string, apurado_em: string): Veredito[] {
  const itensDe = agruparPor(mart.itens, (l) => l.cd_regulator);
  const out: Veredito[] = [];
  for (const e of [...mart.empresas].sort((a, b) => a.cd_regulator - b.cd_regulator)) {
    const cd = e.cd_regulator;
    const linhas = new Map((itensDe.get(cd) ?? []).map((l) => [l.nome, l]));
    const reapresentado = e.reap_anos.includes(e.ano);
    const itens = {} as Record<NomeItem, ItemVeredito>;
    for (const nome of ITENS_VEREDITO) {
      const l = linhas.get(nome);
      if (l === undefined) throw new Error(`veredito: mart_veredito_itens has no ${nome} for company ${cd}`);
      itens[nome] = item(l, e.setor, reapresentado);
    }
    const { cor, motivos, motivos_en } = bandeiraDe(e);
    const t = e.ticker_atual;
    out.push({
      empresa: { cd_regulator: cd, ticker: t, pedido: t, nome: e.nome, setor: e.setor, tipo: e.tipo },
      ano: e.ano,
      modo: 'fato',
      ...fraseTopo(e.ano, itens),
      perguntas: PERGUNTAS,
      itens,
      bandeira: {
        cor,
        texto: TEXTO_COR[cor].pt,
        texto_en: TEXTO_COR[cor].en,
        motivos,
        motivos_en,
        reapresentacoes: {
          n: e.reap_n,
          anos: e.reap_anos,
          por_ano: Object.fromEntries(e.reap_por_ano.map((r) => [String(r.ano), r.n])),
          maior_dif_rel: e.reap_maior_dif_rel,
          ultimo_ano: e.reap_ultimo_ano,
        },
        ressalvas: { n: e.ressalvas_n, de: e.ressalvas_de, quais: e.ressalvas_quais },
        defasagem: {
          ultimo_dfp_referencia: e.ultimo_dfp_referencia,
          ultimo_dfp_recebido: e.ultimo_dfp_recebido,
          ultimo_itr_referencia: e.ultimo_itr_referencia,
          ultimo_trimestre: e.ultimo_trimestre,
          anos_entre_indicador_e_balanco: e.anos_entre_indicador_e_balanco,
        },
        numeros_publicados: e.numeros,
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
