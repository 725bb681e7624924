import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { amostraPublicada } from '@fundamentos/pipeline/testing/amostra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL_E2E, buildSite, REPO } from './site-build.ts';

/**
 * A build rendered in parts (part 0 by Astro, the others by worker threads over Astro's bundle:
 * site/scripts/partes.ts) writes the same files, byte for byte, as the same build in one part. Three parts,
 * so two workers run beside Astro whatever the cores of the machine.
 */
const UMA = join(REPO, 'node_modules', '.cache', 'fundamentos', `site-partes-1-${process.pid}`);
const TRES = join(REPO, 'node_modules', '.cache', 'fundamentos', `site-partes-3-${process.pid}`);

async function arquivos(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

beforeAll(async () => {
  const pub = await amostraPublicada();
  await buildSite(pub, UMA, BASE_URL_E2E, 1);
  await buildSite(pub, TRES, BASE_URL_E2E, 3);
});

afterAll(async () => {
  await Promise.all([UMA, TRES].map((d) => rm(d, { recursive: true, force: true })));
});

describe('site build in parts', () => {
  it('writes the same files with the same bytes as one part', async () => {
    const [uma, tres] = await Promise.all([arquivos(UMA), arquivos(TRES)]);
    expect(tres).toEqual(uma);
    // the sample's company pages and their theme copies, pages the workers render
    expect(uma.filter((f) => /^acoes\/[^/]+\/index\.html$/.test(f)).length).toBeGreaterThan(100);
    expect(uma.some((f) => /^en\/acoes\/[^/]+\/[^/]+\.md$/.test(f))).toBe(true);
    const diferentes: string[] = [];
    for (const f of uma)
      if (!(await readFile(join(UMA, f))).equals(await readFile(join(TRES, f)))) diferentes.push(f);
    expect(diferentes).toEqual([]);
  });
});
