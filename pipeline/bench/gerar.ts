import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { anosEntre, gerar } from './gerador/gerar.ts';

/** `tsx bench/gerar.ts [--escala 0.1] [--seed 1] [--out data/bench/…] [--anos 2010-2025]` */
const ArgsSchema = z.object({
  escala: z.coerce.number().positive().max(1).default(1),
  seed: z.coerce.number().int().default(1),
  out: z.string().optional(),
  anos: z
    .string()
    .regex(/^\d{4}(-\d{4})?$/, 'anos must be YYYY or YYYY-YYYY')
    .optional(),
});

const { values } = parseArgs({
  options: {
    escala: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    anos: { type: 'string' },
  },
});
const a = ArgsSchema.parse(values);
const [de, ate] = (a.anos ?? '2010-2025').split('-').map(Number);
const out = a.out ?? join(import.meta.dirname, '../../data/bench', `seed${a.seed}-escala${a.escala}`);
const t0 = performance.now();
const g = await gerar({
  seed: a.seed,
  escala: a.escala,
  out,
  anos: anosEntre(de ?? 2010, ate ?? de ?? 2025),
});
const mb = g.arquivos.reduce((s, f) => s + f.bytes, 0) / 2 ** 20;
console.log(
  `${g.arquivos.length} zips, ${mb.toFixed(1)} MiB, ${g.empresas} companies, in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${out}`,
);
