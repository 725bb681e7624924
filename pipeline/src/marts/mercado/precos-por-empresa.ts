import { ARTEFATOS, escrita } from '@fundamentos/schemas/catalogo';
import type { ManifestEntry } from '@fundamentos/schemas/manifest';
import type { PrecosEmpresa } from '@fundamentos/schemas/precos';
import { mensagem } from '@fundamentos/ui/i18n/mensagem';
import { textosDoMercado } from '@fundamentos/ui/mercado';
import { z } from 'zod';
import { agruparPorEmpresa, agruparPorTicker } from '../../core/agrupar.ts';
import { fatias } from '../../core/fatias.ts';
import { linhas } from '../../core/sql.ts';
import type { BuildContext } from '../../core/stage.ts';

const Row = z.object({
  cd_regulator: z.coerce.number(),
  ticker: z.string(),
  data: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  fechamento: z.coerce.number(),
  volume: z.coerce.number(),
  fator_ajuste: z.coerce.number(),
});
type Row = z.infer<typeof Row>;

/** Runs of consecutive sessions sharing a factor other than 1, each closed by its last session. */
export function fatoresAjuste(rows: Row[]): PrecosEmpresa['tickers'][number]['fatores_ajuste'] {
  const out: { ate: string; fator: number }[] = [];
  rows.forEach((r, i) => {
    const next = rows[i + 1];
    if (r.fator_ajuste !== 1 && (!next || next.fator_ajuste !== r.fator_ajuste))
      out.push({ ate: r.data, fator: r.fator_ajuste });
  });
  return out;
}

/** Groups the company's sessions (already ordered by ticker, data) into the artefact body. */
export function precosEmpresa(cd: number, rows: Row[], versao: string): PrecosEmpresa {
  const porTicker = agruparPorTicker(rows);
  return {
    cd_regulator: cd,
    citacao: mensagem('pt', textosDoMercado('pt').precos.citacao, { versao }),
    tickers: [...porTicker.entries()].map(([ticker, rs]) => ({
      ticker,
      sessoes: rs.map((r) => ({ data: r.data, fechamento: r.fechamento, volume: r.volume })),
      fatores_ajuste: fatoresAjuste(rs),
    })),
    nota: mensagem('pt', textosDoMercado('pt').precos.nota),
  };
}

/** `json/empresas/<cd>/precos.json` for every company given that has at least one session. */
export async function publicarPrecosPorEmpresa(ctx: BuildContext, cds: number[]): Promise<ManifestEntry[]> {
  const out: ManifestEntry[] = [];
  // A slice of companies at a time (fatias.ts): every session of every code of the universe at once was
  // the full-scale build's memory peak in publicacao_mercado (docs/benchmarks.md).
  for (const fatia of fatias([...cds].sort((a, b) => a - b))) {
    const rows = await linhas(
      ctx.db,
      `SELECT cd_regulator, ticker, strftime(data, '%Y-%m-%d') AS data, fechamento, volume, fator_ajuste
       FROM int_mercado_precos_empresa WHERE cd_regulator IN (${fatia.join(',')}) ORDER BY cd_regulator, ticker, data`,
      Row,
    );
    for (const [cd, rs] of agruparPorEmpresa(rows)) {
      out.push(
        await ctx.writer.json({
          name: `precos_${cd}`,
          ...escrita(ARTEFATOS.precos, { cd }),
          data: precosEmpresa(cd, rs, ctx.versao_do_dado),
        }),
      );
    }
  }
  return out;
}
