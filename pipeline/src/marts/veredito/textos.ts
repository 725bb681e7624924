import type { ItemVeredito, Veredito } from '@fundamentos/schemas/veredito';
import { MAXIMO_PALAVRAS_FRASE_TOPO } from '@fundamentos/schemas/veredito';
import { TEXTO_INDICADORES } from '../fundamentos/dicionario.ts';
import type { Referencia } from './entrada.ts';
import { FAIXAS, type NomeItem, type Unidade } from './regras.ts';

/** The verdict's words (pt and en): labels, bands, sentences and the flag's reasons. The rules are in regras.ts. */

export const ROTULO: Record<NomeItem, { pt: string; en: string; curto: string; curto_en: string }> = {
  margem_liquida: {
    pt: TEXTO_INDICADORES.margem_liquida.titulo,
    en: TEXTO_INDICADORES.margem_liquida.titulo_en,
    curto: 'margem líquida',
    curto_en: 'net margin',
  },
  roic: {
    pt: TEXTO_INDICADORES.roic.titulo,
    en: TEXTO_INDICADORES.roic.titulo_en,
    curto: 'ROIC',
    curto_en: 'ROIC',
  },
  dl_ebitda: {
    pt: TEXTO_INDICADORES.dl_ebitda.titulo,
    en: TEXTO_INDICADORES.dl_ebitda.titulo_en,
    curto: 'dívida líquida/EBITDA',
    curto_en: 'net debt/EBITDA',
  },
  pl: { pt: 'P/L (preço/lucro)', en: 'P/E (price/earnings)', curto: 'P/L', curto_en: 'P/E' },
  pvp: { pt: 'P/VP (preço/valor patrimonial)', en: 'P/B (price/book)', curto: 'P/VP', curto_en: 'P/B' },
};

export const PERGUNTAS: Veredito['perguntas'] = [
  { pergunta: 'Ganha dinheiro?', pergunta_en: 'Does it make money?', itens: ['margem_liquida', 'roic'] },
  { pergunta: 'Quanto deve?', pergunta_en: 'How much does it owe?', itens: ['dl_ebitda'] },
  {
    pergunta: 'Quanto o mercado paga por ela?',
    pergunta_en: 'What does the market pay for it?',
    itens: ['pl', 'pvp'],
  },
];

export type Lingua = 'pt' | 'en';

/** Number as the text shows it: 12,3% / 1,2x / 8,4 (pt) and 12.3% / 1.2x / 8.4 (en). */
export function formatar(v: number, unidade: Unidade, lingua: Lingua): string {
  const f = (x: number, casas: number) =>
    x.toLocaleString(lingua === 'pt' ? 'pt-BR' : 'en-US', {
      minimumFractionDigits: casas,
      maximumFractionDigits: casas,
      useGrouping: false,
    });
  if (unidade === 'fracao') return `${f(v * 100, 1)}%`;
  if (unidade === 'vezes') return `${f(v, 1)}x`;
  return f(v, 1);
}

/** Cuts are round numbers: written the same in both languages. */
function corte(c: number, unidade: Unidade): string {
  if (unidade === 'fracao') return `${Math.round(c * 100)}%`;
  return unidade === 'vezes' ? `${c}x` : `${c}`;
}

/** The band a value falls in, in both languages; null for a null value. */
export function faixaDe(nome: NomeItem, valor: number | null): { pt: string; en: string } | null {
  if (valor === null) return null;
  const { unidade, cortes } = FAIXAS[nome];
  const c = (x: number) => corte(x, unidade);
  const primeiro = cortes[0] as number;
  const ultimo = cortes[cortes.length - 1] as number;
  if (valor < primeiro) return { pt: `abaixo de ${c(primeiro)}`, en: `below ${c(primeiro)}` };
  if (valor >= ultimo) return { pt: `${c(ultimo)} ou mais`, en: `${c(ultimo)} or more` };
  for (let i = 0; i + 1 < cortes.length; i++) {
    const lo = cortes[i] as number;
    const hi = cortes[i + 1] as number;
    if (valor >= lo && valor < hi)
      return {
        pt: `de ${c(lo)} a menos de ${c(hi)}`,
        en: `from ${c(lo)} to under ${c(hi)}`,
      };
  }
  throw new Error(`veredito: ${nome} = ${valor} falls in no band`);
}

export const POSICAO_TEXTO: Record<'abaixo' | 'igual' | 'acima', { pt: string; en: string }> = {
  abaixo: { pt: 'abaixo da mediana do setor', en: 'below the sector median' },
  igual: { pt: 'igual à mediana do setor', en: 'equal to the sector median' },
  acima: { pt: 'acima da mediana do setor', en: 'above the sector median' },
};

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
  if (com.length === 0)
    return {
      frase_topo: `Em ${ano}, nenhum dos 5 números do veredito tem valor; cada item traz a flag que explica.`,
      frase_topo_en: `In ${ano}, none of the 5 verdict numbers has a value; each item carries the flag that explains why.`,
    };
  const partes = com.slice(0, 2).map((n) => {
    const i = itens[n];
    const v = i.valor as number;
    const p = i.comparacao.setor?.posicao ?? null;
    const u = FAIXAS[n].unidade;
    return {
      pt: `${ROTULO[n].curto} ${formatar(v, u, 'pt')}${p ? `, ${POSICAO_TEXTO[p].pt}` : ''}`,
      en: `${ROTULO[n].curto_en} ${formatar(v, u, 'en')}${p ? `, ${POSICAO_TEXTO[p].en}` : ''}`,
    };
  });
  const k = com.length;
  const r = {
    frase_topo: `Em ${ano}: ${partes.map((p) => p.pt).join('; ')}; ${k} de 5 números com valor.`,
    frase_topo_en: `In ${ano}: ${partes.map((p) => p.en).join('; ')}; ${k} of 5 numbers ${k === 1 ? 'has' : 'have'} a value.`,
  };
  for (const f of Object.values(r))
    if (contarPalavras(f) > MAXIMO_PALAVRAS_FRASE_TOPO)
      throw new Error(`veredito: top sentence over ${MAXIMO_PALAVRAS_FRASE_TOPO} words: ${f}`);
  return r;
}

export function textoCurto(
  nome: NomeItem,
  ano: number,
  valor: number | null,
  flag: string | null,
  faixa: { pt: string; en: string } | null,
  setor: Referencia | null,
): { pt: string; en: string } {
  if (valor === null || faixa === null)
    return {
      pt: `Sem valor em ${ano}${flag ? ` (flag ${flag})` : ''}.`,
      en: `No value in ${ano}${flag ? ` (flag ${flag})` : ''}.`,
    };
  const u = FAIXAS[nome].unidade;
  const base = {
    pt: `${formatar(valor, u, 'pt')} em ${ano}, faixa ${faixa.pt}`,
    en: `${formatar(valor, u, 'en')} in ${ano}, band ${faixa.en}`,
  };
  if (setor?.mediana == null || setor.posicao === null) return { pt: `${base.pt}.`, en: `${base.en}.` };
  const p = POSICAO_TEXTO[setor.posicao];
  return {
    pt: `${base.pt}; ${p.pt} (${formatar(setor.mediana, u, 'pt')}, ${setor.n} empresas).`,
    en: `${base.en}; ${p.en} (${formatar(setor.mediana, u, 'en')}, ${setor.n} companies).`,
  };
}

/** The flag's one-line text per colour; the reasons list says which rules applied. */
export const TEXTO_COR = {
  verde: {
    pt: 'Nenhuma regra da bandeira se aplica: sem ressalva, reapresentação recente ou defasagem.',
    en: 'No flag rule applies: no qualified opinion, recent restatement or staleness.',
  },
  amarelo: {
    pt: 'Há motivos para conferir os números antes de usá-los; veja a lista.',
    en: 'There are reasons to check the numbers before using them; see the list.',
  },
  vermelho: {
    pt: 'Há pelo menos um motivo vermelho; veja a lista antes de usar os números.',
    en: 'There is at least one red reason; see the list before using the numbers.',
  },
} as const;

type Texto = { pt: string; en: string };

/** The flag's reasons, one per rule of montar.ts (the rule decides the colour, this says why). */
export const TEXTO_MOTIVO = {
  parecerDoAno: (ano: number): Texto => ({
    pt: `O parecer do auditor sobre o DFP de ${ano} é com ressalva, adverso ou com abstenção de opinião.`,
    en: `The auditor's opinion on the ${ano} DFP is qualified, adverse or a disclaimer.`,
  }),
  reapresentados: (anos: readonly number[]): Texto => ({
    pt: `Valores reapresentados no DFP seguinte em ${anos.join(', ')}.`,
    en: `Values restated in the next DFP for ${anos.join(', ')}.`,
  }),
  outrasRessalvas: (anos: readonly number[]): Texto => ({
    pt: `Parecer do auditor com ressalva, adverso ou com abstenção em ${anos.join(', ')}.`,
    en: `Qualified, adverse or disclaimer auditor's opinion in ${anos.join(', ')}.`,
  }),
  indicadoresAtrasados: (ano: number, anoDfp: number): Texto => ({
    pt: `Os indicadores são de ${ano}, mas o DFP mais recente da empresa é de ${anoDfp}.`,
    en: `The indicators are for ${ano}, but the company's latest DFP is for ${anoDfp}.`,
  }),
  dfpDefasado: (anoDfp: number, anoMaisRecente: number): Texto => ({
    pt: `O DFP mais recente da empresa é de ${anoDfp}; o mais recente publicado por alguma empresa é de ${anoMaisRecente}.`,
    en: `The company's latest DFP is for ${anoDfp}; the latest any company filed is for ${anoMaisRecente}.`,
  }),
  poucosNumeros: (numeros: number, aplicaveis: number, ano: number): Texto => ({
    pt: `${numeros} dos ${aplicaveis} números aplicáveis de ${ano} têm valor; os outros trazem a flag que explica.`,
    en: `${numeros} of the ${aplicaveis} applicable numbers for ${ano} have a value; the others carry the flag that explains why.`,
  }),
};

export const NOTA_VEREDITO: Texto = {
  pt: 'Descritivo e determinístico, sem IA: faixas, medianas e posições seguem regras fixas (docs/veredito.md). Não é recomendação.',
  en: 'Descriptive and deterministic, no AI: bands, medians and positions follow fixed rules (docs/veredito.md). Not advice.',
};

/** The files a verdict is computed from, as its citation names them. */
export const arquivosDaCitacao = (cd: number): string =>
  `DFP e ITR (índices, demonstrações e parecer) da empresa ${cd}; COTAHIST (P/L e P/VP)`;
