import type { ItemVeredito, Veredito } from '@fundamentos/schemas/veredito';
import { MAXIMO_PALAVRAS_FRASE_TOPO } from '@fundamentos/schemas/veredito';
import { numero } from '@fundamentos/ui/formato';
import { mensagem, type Valores } from '@fundamentos/ui/i18n/mensagem';
import { type Lang, LOCALES } from '@fundamentos/ui/i18n/strings';
import { textosDoVeredito } from '@fundamentos/ui/veredito';
import { TEXTO_INDICADORES } from '../fundamentos/dicionario.ts';
import type { Referencia } from './entrada.ts';
import { FAIXAS, type NomeItem, type Unidade } from './regras.ts';

/**
 * The verdict's words in both languages, filled from the ICU messages of ui/src/veredito (the words live
 * there; this module only chooses the message and its values). The rules are in regras.ts.
 */

type Texto = { pt: string; en: string };
type Chave<K extends keyof ReturnType<typeof textosDoVeredito>> = keyof ReturnType<
  typeof textosDoVeredito
>[K];

const T = { pt: textosDoVeredito('pt'), en: textosDoVeredito('en') };

/** One message of a group in both languages; `valores` may differ per language (numbers are formatted per language). */
function ambas<K extends keyof typeof T.pt>(
  grupo: K,
  chave: Chave<K>,
  valores: (lang: Lang) => Valores = () => ({}),
): Texto {
  const um = (lang: Lang) => {
    const g = T[lang][grupo] as Record<string, string>;
    return mensagem(lang, g[chave as string] as string, valores(lang));
  };
  return { pt: um('pt'), en: um('en') };
}

const curto = (nome: NomeItem) => ambas('curto', nome);

export const ROTULO: Record<NomeItem, Texto> = {
  margem_liquida: {
    pt: TEXTO_INDICADORES.margem_liquida.titulo,
    en: TEXTO_INDICADORES.margem_liquida.titulo_en,
  },
  roic: { pt: TEXTO_INDICADORES.roic.titulo, en: TEXTO_INDICADORES.roic.titulo_en },
  dl_ebitda: { pt: TEXTO_INDICADORES.dl_ebitda.titulo, en: TEXTO_INDICADORES.dl_ebitda.titulo_en },
  pl: ambas('rotulo', 'pl'),
  pvp: ambas('rotulo', 'pvp'),
};

const pergunta = (chave: Chave<'perguntas'>, itens: NomeItem[]) => {
  const t = ambas('perguntas', chave);
  return { pergunta: t.pt, pergunta_en: t.en, itens };
};

export const PERGUNTAS: Veredito['perguntas'] = [
  pergunta('ganha', ['margem_liquida', 'roic']),
  pergunta('deve', ['dl_ebitda']),
  pergunta('mercado', ['pl', 'pvp']),
];

const UMA_CASA: Intl.NumberFormatOptions = {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  useGrouping: false,
};

/** Number as the text shows it: 12,3% / 1,2x / 8,4 (pt) and 12.3% / 1.2x / 8.4 (en). */
export function formatar(v: number, unidade: Unidade, lingua: Lang): string {
  // One formatter per language (ui/src/formato.ts): `toLocaleString` built one per call, 0.8 s of a
  // nightly build's events (docs/benchmarks.md, "Where a new day's main thread goes").
  const f = (x: number) => numero(LOCALES[lingua], UMA_CASA).format(x);
  if (unidade === 'fracao') return `${f(v * 100)}%`;
  if (unidade === 'vezes') return `${f(v)}x`;
  return f(v);
}

/** Cuts are round numbers: written the same in both languages. */
function corte(c: number, unidade: Unidade): string {
  if (unidade === 'fracao') return `${Math.round(c * 100)}%`;
  return unidade === 'vezes' ? `${c}x` : `${c}`;
}

/** The band a value falls in, in both languages; null for a null value. */
export function faixaDe(nome: NomeItem, valor: number | null): Texto | null {
  if (valor === null) return null;
  const { unidade, cortes } = FAIXAS[nome];
  const c = (x: number) => corte(x, unidade);
  const primeiro = cortes[0] as number;
  const ultimo = cortes[cortes.length - 1] as number;
  if (valor < primeiro) return ambas('faixa', 'abaixo', () => ({ corte: c(primeiro) }));
  if (valor >= ultimo) return ambas('faixa', 'acima', () => ({ corte: c(ultimo) }));
  for (let i = 0; i + 1 < cortes.length; i++) {
    const lo = cortes[i] as number;
    const hi = cortes[i + 1] as number;
    if (valor >= lo && valor < hi) return ambas('faixa', 'entre', () => ({ de: c(lo), ate: c(hi) }));
  }
  throw new Error(`veredito: ${nome} = ${valor} falls in no band`);
}

export const contarPalavras = (s: string): number => s.trim().split(/\s+/).filter(Boolean).length;

/**
 * The top sentence: the year and the first two items with a value (in the order margin, debt, ROIC,
 * P/L, P/VP), each with its position against the sector median when there is one, and how many of the
 * five numbers have a value. At most 24 words by construction; the schema refuses more than 25.
 */
export function fraseTopo(
  ano: number,
  itens: Record<NomeItem, ItemVeredito>,
): { frase_topo: string; frase_topo_en: string } {
  const ordem: NomeItem[] = ['margem_liquida', 'dl_ebitda', 'roic', 'pl', 'pvp'];
  const com = ordem.filter((n) => itens[n].valor !== null);
  let t: Texto;
  if (com.length === 0) t = ambas('frase_topo', 'nenhum', () => ({ ano }));
  else {
    const partes = com.slice(0, 2).map((n) => {
      const i = itens[n];
      const p = i.comparacao.setor?.posicao ?? null;
      return ambas('frase_topo', p ? 'parte_posicao' : 'parte', (lang) => ({
        rotulo: curto(n)[lang],
        valor: formatar(i.valor as number, FAIXAS[n].unidade, lang),
        ...(p ? { posicao: ambas('posicao', p)[lang] } : {}),
      }));
    });
    const [a, b] = partes as [Texto, Texto | undefined];
    t = ambas('frase_topo', b ? 'duas' : 'uma', (lang) => ({
      ano,
      a: a[lang],
      ...(b ? { b: b[lang] } : {}),
      k: com.length,
    }));
  }
  for (const f of [t.pt, t.en])
    if (contarPalavras(f) > MAXIMO_PALAVRAS_FRASE_TOPO)
      throw new Error(`veredito: top sentence over ${MAXIMO_PALAVRAS_FRASE_TOPO} words: ${f}`);
  return { frase_topo: t.pt, frase_topo_en: t.en };
}

export function textoCurto(
  nome: NomeItem,
  ano: number,
  valor: number | null,
  flag: string | null,
  faixa: Texto | null,
  setor: Referencia | null,
): Texto {
  if (valor === null || faixa === null)
    return flag
      ? ambas('texto_curto', 'sem_valor_flag', () => ({ ano, flag }))
      : ambas('texto_curto', 'sem_valor', () => ({ ano }));
  const u = FAIXAS[nome].unidade;
  const base = (lang: Lang) => ({ valor: formatar(valor, u, lang), ano, faixa: faixa[lang] });
  if (setor?.mediana == null || setor.posicao === null) return ambas('texto_curto', 'faixa', base);
  const { mediana, posicao, n } = setor;
  return ambas('texto_curto', 'faixa_setor', (lang) => ({
    ...base(lang),
    posicao: ambas('posicao', posicao)[lang],
    mediana: formatar(mediana, u, lang),
    n,
  }));
}

/** The flag's one-line text per colour; the reasons list says which rules applied. */
export const TEXTO_COR = {
  verde: ambas('cor', 'verde'),
  amarelo: ambas('cor', 'amarelo'),
  vermelho: ambas('cor', 'vermelho'),
} as const;

/** The flag's reasons, one per rule of montar.ts (the rule decides the colour, this says why). */
export const TEXTO_MOTIVO = {
  parecerDoAno: (ano: number): Texto => ambas('motivo', 'parecer_do_ano', () => ({ ano })),
  reapresentados: (anos: readonly number[]): Texto =>
    ambas('motivo', 'reapresentados', () => ({ anos: anos.join(', ') })),
  outrasRessalvas: (anos: readonly number[]): Texto =>
    ambas('motivo', 'outras_ressalvas', () => ({ anos: anos.join(', ') })),
  indicadoresAtrasados: (ano: number, anoDfp: number): Texto =>
    ambas('motivo', 'indicadores_atrasados', () => ({ ano, ano_dfp: anoDfp })),
  dfpDefasado: (anoDfp: number, anoMaisRecente: number): Texto =>
    ambas('motivo', 'dfp_defasado', () => ({ ano_dfp: anoDfp, ano_recente: anoMaisRecente })),
  poucosNumeros: (numeros: number, aplicaveis: number, ano: number): Texto =>
    ambas('motivo', 'poucos_numeros', () => ({ numeros, aplicaveis, ano })),
};

export const NOTA_VEREDITO: Texto = { pt: mensagem('pt', T.pt.nota), en: mensagem('en', T.en.nota) };

/** The files a verdict is computed from, as its citation names them (the citation is in Portuguese). */
export const arquivosDaCitacao = (cd: number): string => mensagem('pt', T.pt.arquivos_da_citacao, { cd });
