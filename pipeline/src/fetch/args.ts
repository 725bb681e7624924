import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Periods } from './plan.ts';

export interface FetchArgs {
  raw: string;
  sources: string[];
  periods: Periods;
  params: Record<string, string[]>;
  concurrency: number;
  mirror: string | null;
  maxAttempts: number;
  /** `--simular`: print the planned URLs and local paths, download nothing. */
  dryRun: boolean;
}

/** Bad command line: the message names the option and the offending value. */
export class FetchUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchUsageError';
  }
}

const isRealDate = (s: string): boolean => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const list = (item: z.ZodType<string, string>) =>
  z
    .array(z.string())
    .optional()
    .transform((values) =>
      (values ?? [])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    )
    .pipe(z.array(item));

const ano = z.string().regex(/^(19[89]\d|20\d\d)$/, 'expected a year YYYY between 1980 and 2099');
const mes = z.string().regex(/^(19[89]\d|20\d\d)-(0[1-9]|1[0-2])$/, 'expected a month YYYY-MM');
const dia = z.string().refine(isRealDate, 'expected a date YYYY-MM-DD');

const ArgsSchema = z.object({
  raw: z.string({ error: 'is required' }).min(1, 'is required'),
  source: list(z.string().regex(/^[a-z0-9_-]+\*?$/i, 'expected a source id or a prefix ending in *')).pipe(
    z.array(z.string()).min(1, 'needs at least one source id'),
  ),
  anos: list(ano),
  meses: list(mes),
  dias: list(dia),
  param: z
    .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*=.+$/, 'expected name=value[,value…]'))
    .optional()
    .default([]),
  concorrencia: z.coerce.number().int().min(1).max(32).default(4),
  tentativas: z.coerce.number().int().min(1).max(20).default(5),
  simular: z.boolean().optional().default(false),
  espelho: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL' })
    .optional()
    .transform((v) => v ?? null),
});

export const FETCH_USAGE = `usage: pnpm pipeline fetch --raw <dir> --source <id>[,<id>…] [--anos 2023,2024] [--meses 2024-01,…]
       [--dias 2024-01-02,…] [--param name=v1,v2] [--concorrencia 4] [--tentativas 5] [--espelho http://host:port] [--simular]`;

export function parseFetchArgs(argv: string[]): FetchArgs {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        raw: { type: 'string' },
        source: { type: 'string', multiple: true },
        anos: { type: 'string', multiple: true },
        meses: { type: 'string', multiple: true },
        dias: { type: 'string', multiple: true },
        param: { type: 'string', multiple: true },
        concorrencia: { type: 'string' },
        tentativas: { type: 'string' },
        espelho: { type: 'string' },
        simular: { type: 'boolean' },
      },
    }).values;
  } catch (err) {
    throw new FetchUsageError((err as Error).message);
  }
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [option, index] = issue.path;
    const raw = values[String(option)];
    const items = Array.isArray(raw) ? raw.flatMap((v) => String(v).split(',')).map((v) => v.trim()) : [];
    const nonEmpty = option === 'param' ? (raw as string[]) : items.filter((v) => v !== '');
    const got =
      typeof index === 'number' && nonEmpty[index] !== undefined
        ? ` (got ${JSON.stringify(nonEmpty[index])})`
        : '';
    throw new FetchUsageError(`--${String(option)}: ${issue.message}${got}`);
  }
  const a = parsed.data;
  const params: Record<string, string[]> = {};
  for (const p of a.param) {
    const eq = p.indexOf('=');
    const name = p.slice(0, eq);
    const value = p.slice(eq + 1);
    // A JSON value (B3's BASE64_JSON_PARAMS) has commas of its own: it is one value.
    const values = value.trimStart().startsWith('{') ? [value] : value.split(',').filter((v) => v !== '');
    params[name] = [...(params[name] ?? []), ...values];
  }
  const uniq = (xs: string[]) => [...new Set(xs)];
  return {
    raw: a.raw,
    sources: uniq(a.source),
    periods: { anos: uniq(a.anos), meses: uniq(a.meses), dias: uniq(a.dias) },
    params,
    concurrency: a.concorrencia,
    mirror: a.espelho,
    maxAttempts: a.tentativas,
    dryRun: a.simular,
  };
}
