import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { gerar } from './gerador/gerar.ts';

const GERADOR = join(import.meta.dirname, 'gerador');

/** Hash of the generator's code: a cached input made by older code is regenerated. */
export async function versaoGerador(): Promise<string> {
  const h = createHash('sha256');
  for (const f of (await readdir(GERADOR))
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
    .sort()) {
    h.update(f).update(await readFile(join(GERADOR, f)));
  }
  return h.digest('hex').slice(0, 16);
}

const CarimboSchema = z.object({
  seed: z.number(),
  escala: z.number(),
  anos: z.array(z.number()),
  gerador: z.string(),
});

/**
 * The generated input for (seed, scale, years) under `base`, generated unless a previous run left one
 * made by the same generator code.
 */
export async function entrada(
  base: string,
  seed: number,
  escala: number,
  anos: number[],
): Promise<{ dir: string; reutilizada: boolean }> {
  const dir = join(base, `seed${seed}-escala${escala}-anos${anos[0]}-${anos[anos.length - 1]}`);
  const carimbo = join(dir, '.gerado.json');
  const esperado = { seed, escala, anos, gerador: await versaoGerador() };
  if (existsSync(carimbo)) {
    let lido: unknown = null;
    try {
      lido = JSON.parse(readFileSync(carimbo, 'utf8'));
    } catch {
      // an unreadable stamp means regenerate
    }
    const c = CarimboSchema.safeParse(lido);
    if (c.success && JSON.stringify(c.data) === JSON.stringify(esperado)) return { dir, reutilizada: true };
  }
  const t0 = performance.now();
  const g = await gerar({ seed, escala, anos, out: dir });
  await writeFile(carimbo, JSON.stringify(esperado));
  const mb = g.arquivos.reduce((s, a) => s + a.bytes, 0) / 2 ** 20;
  console.log(
    `generated ${g.arquivos.length} zips (${mb.toFixed(1)} MiB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { dir, reutilizada: false };
}

export async function zips(dir: string): Promise<string[]> {
  const es = await readdir(dir, { recursive: true, withFileTypes: true });
  return es
    .filter((e) => e.isFile() && /\.zip$/i.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The floor: `unzip -p file > /dev/null` for every zip, one after the other. */
export async function piso(arquivos: string[]): Promise<number> {
  const t0 = performance.now();
  for (const a of arquivos) {
    await new Promise<void>((ok, erro) => {
      const p = spawn('unzip', ['-p', a], { stdio: ['ignore', 'ignore', 'inherit'] });
      p.on('error', erro);
      p.on('close', (code) => (code === 0 ? ok() : erro(new Error(`unzip -p ${a} exited with ${code}`))));
    });
  }
  return performance.now() - t0;
}
