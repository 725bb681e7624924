import { ARTEFATOS } from '@fundamentos/schemas/catalogo';
import type { Comparacao } from '@fundamentos/schemas/comparacao';

export { MIN_EMPRESAS_SETOR, SMALL_CAPS } from '@fundamentos/schemas/comparacao';

import { type DataBuild, readArtefact, umaVezPorBuild } from './build.ts';
import { type EmpresaPublicada, empresasPublicadas } from './empresas.ts';

/** Artefact of the comparison numbers (pipeline/src/marts/site/comparacao.ts). */
export const CAMINHO_COMPARACAO = ARTEFATOS.comparacao.caminho();

/**
 * Liquidity, comparable sectors and small caps as the pipeline computed them (mart_site_*), read once per
 * build; null when the build did not publish them (the pages then list no sector and no small cap).
 */
export const comparacao = umaVezPorBuild((b): Comparacao | null =>
  readArtefact(b, CAMINHO_COMPARACAO, ARTEFATOS.comparacao.schema),
);

/** Published companies by regulator code, to join the artefact's rows to their pages. */
function porCodigo(b: DataBuild): Map<number, EmpresaPublicada> {
  return new Map(empresasPublicadas(b).map((e) => [e.indice.cd_regulator, e]));
}

/** URL segment of a sector name: lowercase ASCII words joined by hyphens. */
export function slugSetor(setor: string): string {
  return setor
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface Setor {
  setor: string;
  slug: string;
  /** Companies of the sector with a liquidity figure, most liquid first. */
  empresas: { empresa: EmpresaPublicada; volume: number }[];
}

/**
 * Sectors with at least MIN_EMPRESAS_SETOR companies that have both a liquidity figure and
 * published indicator rows (a company without indicators has nothing to compare), by name.
 */
export function setoresComparaveis(b: DataBuild): Setor[] {
  const empresas = porCodigo(b);
  return (comparacao(b)?.setores ?? [])
    .map((s) => ({
      setor: s.setor,
      slug: slugSetor(s.setor),
      empresas: s.empresas.flatMap((m) => {
        const empresa = empresas.get(m.cd_regulator);
        return empresa === undefined ? [] : [{ empresa, volume: m.volume_medio }];
      }),
    }))
    .sort((a, b) => a.setor.localeCompare(b.setor));
}

export const INDICADORES_COMPARACAO = ['margem_liquida', 'roic', 'dl_ebitda'] as const;

export interface Valor {
  valor: number | null;
  flag: string | null;
}

/** Latest year for which every company given has at least one published indicator row, or null. */
export function anoComum(es: EmpresaPublicada[]): number | null {
  const anos = es.map((e) => new Set((e.indicadores?.indicadores ?? []).map((l) => l.ano)));
  const [primeiro, ...resto] = anos;
  const comuns = [...(primeiro ?? [])].filter((a) => resto.every((s) => s.has(a)));
  return comuns.length ? Math.max(...comuns) : null;
}

/** Indicator value of one year (null with no flag when the row was not published). */
export function valorIndicador(e: EmpresaPublicada, nome: string, ano: number): Valor {
  const l = e.indicadores?.indicadores.find((x) => x.nome === nome && x.ano === ano);
  return l ? { valor: l.valor, flag: l.flag } : { valor: null, flag: null };
}

/** Annual P/L of the fiscal year (point-in-time price at the filing's reception). */
export function plDoAno(e: EmpresaPublicada, ano: number): Valor {
  const m = e.multiplos?.anuais.find((x) => x.ano === ano);
  return m ? { valor: m.pl, flag: m.flag } : { valor: null, flag: null };
}

/** Small caps of the build (window SMALL_CAPS), most liquid first. */
export function smallCaps(b: DataBuild): { empresa: EmpresaPublicada; market_cap: number; volume: number }[] {
  const empresas = porCodigo(b);
  return (comparacao(b)?.small_caps ?? []).flatMap((s) => {
    const empresa = empresas.get(s.cd_regulator);
    return empresa === undefined ? [] : [{ empresa, market_cap: s.market_cap, volume: s.volume_medio }];
  });
}
