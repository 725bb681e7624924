import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../build.ts';
import { allSources } from '../sources/index.ts';
import { construtorDeBuilds, differences } from '../test-support/builds.ts';
import { SAMPLE_RAW } from '../test-support/sample.ts';
import { openStagingCache } from './staging-cache.ts';

// The whole real sample with every mart: the publication must not depend on where staged rows came from.
const root = mkdtempSync(join(tmpdir(), 'cache-staging-'));
const raw = join(root, 'raw');
const cache = join(root, 'cache');
const NEW_DAY = 'b3/cotahist/COTAHIST_D03022022.TXT';
const now = new Date('2026-11-22T15:00:00Z');
const run = construtorDeBuilds({ raw, root, label: 'cache', now });

beforeAll(() => {
  // The sample without one COTAHIST day; the day arrives later, as in a nightly build.
  cpSync(SAMPLE_RAW, raw, { recursive: true, filter: (src) => !src.endsWith(NEW_DAY) });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('staging cache', () => {
  let first: BuildResult;

  it('a first build stages every input and fills the cache', async () => {
    const { r } = await run('a', cache);
    first = r;
    expect(r.entradas.do_cache).toBe(0);
    expect(readdirSync(join(cache, 'staging')).length).toBe(r.entradas.total);
  }, 300_000);

  it('one new COTAHIST day: only that file is staged, and the publication equals a build from scratch', async () => {
    cpSync(join(SAMPLE_RAW, NEW_DAY), join(raw, NEW_DAY));
    const { r, lines } = await run('c', cache);
    expect(r.entradas).toEqual({ total: first.entradas.total + 1, do_cache: first.entradas.total });
    const staged = lines.filter((l) => / → stg_\w+: \d+ rows/.test(l));
    expect(staged.filter((l) => !l.endsWith('(cache)'))).toEqual([
      expect.stringMatching(new RegExp(`^${NEW_DAY} → stg_b3_cotahist: \\d+ rows`)),
    ]);
    const scratch = await run('d');
    expect(differences(r, scratch.r)).toEqual([]);
    expect(r.manifest).toEqual(scratch.r.manifest);
    expect(r.manifest).not.toEqual(first.manifest);
    // The cache now holds this build's inputs only.
    expect(readdirSync(join(cache, 'staging')).length).toBe(r.entradas.total);
  }, 300_000);

  it('run again with nothing changed, the build keeps current and publishes nothing', async () => {
    const before = readdirSync(join(root, 'c')).sort();
    const { r, lines } = await run('c', cache);
    expect(r.publicada).toBe(false);
    expect(r.versao_do_dado).toBe('2026-11-22-cache|1');
    expect(r.entradas.do_cache).toBe(r.entradas.total);
    expect(readdirSync(join(root, 'c')).sort()).toEqual(before);
    expect(lines.some((l) => / → stg_/.test(l))).toBe(false);
    // The same raw folder into another out is a real build (the record names the out it published to).
    expect(first.publicada).toBe(true);
  });

  it('a key changes with the bytes and with the path, not with anything else', async () => {
    const c = await openStagingCache(join(root, 'chaves'));
    const p = join(root, 'x.csv');
    const key = async (content: string, arquivo = 'x.csv') => {
      writeFileSync(p, content);
      return c.keyOf({ kind: 'file', path: p, arquivo, specs: allSources.slice(0, 1) });
    };
    const k = await key('a;b\n');
    expect(await key('a;b\n')).toBe(k);
    expect(await key('a;c\n')).not.toBe(k);
    expect(await key('a;b\n', 'y/x.csv')).not.toBe(k);
  });
});
