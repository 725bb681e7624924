import { z } from 'zod';
import { sha256Canonico } from './canonical.ts';
import { AnoSchema, DataSchema, NotaSchema, TimestampSchema, UrlSchema, versaoDoDado } from './comum.ts';
import {
  type Filtro,
  IndicadorFiltravelSchema,
  OperadorSchema,
  type ScreenerResultado,
  ScreenerResultadoSchema,
} from './screener.ts';

export const ReciboConsultaSchema = z
  .strictObject({
    ano: AnoSchema.nullable().describe('Fiscal year asked, or null for each company’s latest year.'),
    as_of: DataSchema.nullable().describe('as_of asked, or null.'),
    filtros: z
      .array(z.tuple([IndicadorFiltravelSchema, OperadorSchema, z.number()]))
      .describe('Filters as [indicator, operator, value].'),
    limite: z.number().int().positive(),
  })
  .describe('The query that produced the receipt.');

export const ReciboSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .describe('Receipt id.'),
    criado_em: TimestampSchema.describe('When the receipt was frozen.'),
    versao_do_dado: versaoDoDado().describe('Data version the answer was computed from.'),
    consulta: ReciboConsultaSchema,
    resultado: ScreenerResultadoSchema.describe('The frozen screener answer without the recibo block.'),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe(
        "Hex sha256 of resultado as canonical JSON (sorted keys, ',' and ':' without spaces, UTF-8).",
      ),
    como_conferir: z.string().min(1).describe('How to recompute sha256.'),
    versao_legivel: UrlSchema.describe('Readable page of this receipt.'),
    versao_do_dado_hoje: versaoDoDado().describe(
      'Current data version (the receipt itself does not change).',
    ),
    nota: NotaSchema,
  })
  .describe('Frozen screener answer (/recibo/{id}.json).');
export type Recibo = z.infer<typeof ReciboSchema>;

/** The receipt's `consulta.filtros` form of the screener's filters. */
export function filtrosComoTuplas(
  filtros: readonly Filtro[],
): Array<[Filtro['indicador'], Filtro['operador'], number]> {
  return filtros.map((f) => [f.indicador, f.operador, f.valor]);
}

/** sha256 a receipt must carry for this `resultado`. */
export function sha256DoResultado(resultado: ScreenerResultado): Promise<string> {
  return sha256Canonico(resultado);
}

/** Whether a receipt's sha256 matches its resultado (what `como_conferir` tells a reader to do). */
export async function conferirRecibo(recibo: Recibo): Promise<boolean> {
  return (await sha256DoResultado(recibo.resultado)) === recibo.sha256;
}
