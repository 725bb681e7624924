import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import { entradaDoDicionario } from '@fundamentos/schemas/flags';
import { type QuantoRendeu, QuantoRendeuSchema } from '@fundamentos/schemas/quanto-rendeu';
import type { Lang } from '@fundamentos/ui/i18n/strings';
import { type DataBuild, readArtefact } from './build.ts';
import { dicionario } from './dicionario.ts';
import { type EmpresaPublicada, empresasPublicadas } from './empresas.ts';

/** `json/empresas/<cd>/quanto-rendeu.json`, published by pipeline/src/marts/mercado/quanto-rendeu.ts. */
export const caminhoRendeu = (cd: number): string => ARTEFATOS.quanto_rendeu.caminho({ cd });

/** The four values of a horizon, in table order. */
export const MEDIDAS_RENDEU = ['mil_reais_preco', 'mil_reais_com_proventos', 'indice', 'selic'] as const;
export type MedidaRendeu = (typeof MEDIDAS_RENDEU)[number];

export interface PaginaRendeu {
  empresa: EmpresaPublicada;
  rendeu: QuantoRendeu;
}

/** Whether the build published the page's artefact (the company page links to it only then). */
export function temRendeu(b: DataBuild, cd: number): boolean {
  return b.byPath.has(caminhoRendeu(cd));
}

/**
 * Companies with a page AND a quanto-rendeu artefact in the manifest. The artefact names the same main
 * code as the company index; a mismatch would publish a page under the wrong address, so it fails the build.
 */
export function paginasRendeu(b: DataBuild): PaginaRendeu[] {
  const out: PaginaRendeu[] = [];
  for (const empresa of empresasPublicadas(b)) {
    const cd = empresa.indice.cd_regulator;
    const rendeu = readArtefact(b, caminhoRendeu(cd), QuantoRendeuSchema);
    if (!rendeu) continue;
    if (rendeu.ticker !== empresa.indice.ticker)
      throw new Error(
        `${caminhoRendeu(cd)}: field ticker is ${rendeu.ticker}, the company index says ${empresa.indice.ticker}`,
      );
    out.push({ empresa, rendeu });
  }
  return out;
}

/** Flags used on the page, in first-seen order (horizon by horizon, column by column), for numbered notes. */
export function flagsDaPagina(r: QuantoRendeu): string[] {
  const out: string[] = [];
  for (const h of r.horizontes)
    for (const m of MEDIDAS_RENDEU) {
      const f = h[m].flag;
      if (f !== null) for (const x of f.split(';')) if (!out.includes(x)) out.push(x);
    }
  return out;
}

/** Each flag's meaning from the build's dictionary, in the page's language; a flag it lacks maps to null. */
export function significados(b: DataBuild, flags: string[], lang: Lang): Map<string, string | null> {
  const d = dicionario(b);
  const porFlag = new Map(
    (d?.flags ?? []).map((f) => [f.flag, lang === 'en' ? f.significado_en : f.significado]),
  );
  return new Map(flags.map((f) => [f, porFlag.get(entradaDoDicionario(f)) ?? null]));
}
