import { INDICADORES } from '@fundamentos/schemas/indicadores';
import { type ItemVeredito, type Veredito, VereditoSchema } from '@fundamentos/schemas/veredito';
import { formatarValor, type UnidadeExibicao } from '@fundamentos/ui/formato';
import type { Lang } from '@fundamentos/ui/i18n/strings';
import { type DataBuild, readArtefact } from './build.ts';
import { caminhos } from './empresas.ts';

/**
 * `json/empresas/<cd>/veredito.json` through the manifest (sha256 checked) and the shared schema; null
 * when the build published no verdict for the company (no indicators).
 */
export function vereditoDe(b: DataBuild, cd: number): Veredito | null {
  // Read once per company: its pt and en pages and the small-caps lists all show it.
  let porEmpresa = lidos.get(b);
  if (porEmpresa === undefined) {
    porEmpresa = new Map();
    lidos.set(b, porEmpresa);
  }
  if (!porEmpresa.has(cd))
    porEmpresa.set(cd, readArtefact(b, caminhos.recurso(cd, 'veredito'), VereditoSchema));
  return porEmpresa.get(cd) ?? null;
}
const lidos = new WeakMap<DataBuild, Map<number, Veredito | null>>();

/** P/L and P/VP are multiples (shown like the multiples table); the others in their indicator unit. */
export function unidadeDoItem(nome: ItemVeredito['nome']): UnidadeExibicao {
  if (nome === 'pl' || nome === 'pvp') return 'vezes';
  return INDICADORES[nome].unidade;
}

export function formatarItem(item: ItemVeredito, v: number, lang: Lang): string {
  return formatarValor(v, unidadeDoItem(item.nome), lang);
}

/** The texts of the verdict in the page's language (every text is published in both). */
export function textosDoVeredito(v: Veredito, lang: Lang) {
  const en = lang === 'en';
  return {
    frase: en ? v.frase_topo_en : v.frase_topo,
    perguntas: v.perguntas.map((p) => ({ pergunta: en ? p.pergunta_en : p.pergunta, itens: p.itens })),
    bandeira: en ? v.bandeira.texto_en : v.bandeira.texto,
    motivos: en ? v.bandeira.motivos_en : v.bandeira.motivos,
    nota: en ? v.nota_en : v.nota,
    item: (i: ItemVeredito) => ({
      faixa: en ? i.faixa_en : i.faixa,
      texto: en ? i.texto_curto_en : i.texto_curto,
    }),
  };
}
