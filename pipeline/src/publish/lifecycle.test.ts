import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build.ts';
import { InputError } from '../core/source.ts';
import { cvmSources } from '../sources/cvm/index.ts';
import { hashesOfCurrent } from '../test-support/builds.ts';
import { SAMPLE_RAW } from '../test-support/sample.ts';
import { applyRetention, BuildLockedError, LOCK_NAME } from './lifecycle.ts';
import { pastasDePublicacao } from './pastas-de-teste.ts';

const { out, good, broken } = pastasDePublicacao('ciclo-');
const now = new Date('2026-11-22T15:00:00Z');
const opts = { out, label: 'ciclo', sources: cvmSources, now, stages: [] };
const ITR_ZIP = join(SAMPLE_RAW, 'feitos-aqui/cvm/itr_cia_aberta_2024.zip');

const scratchIn = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('.'));
const versions = () =>
  readdirSync(out)
    .filter((n) => !n.startsWith('.') && n !== 'current')
    .sort();

beforeAll(() => {
  for (const d of [good, broken]) {
    mkdirSync(d, { recursive: true });
    cpSync(
      join(SAMPLE_RAW, 'cvm/dfp/ano-completo/dfp_cia_aberta_2010.csv'),
      join(d, 'dfp_cia_aberta_2010.csv'),
    );
    cpSync(ITR_ZIP, join(d, 'itr_cia_aberta_2024.zip'));
  }
  // Among the good files, a corrupt zip (made here): the made-here ITR zip with bytes of its compressed
  // data overwritten, so its directory reads but a member does not inflate.
  const zip = Buffer.from(readFileSync(ITR_ZIP));
  zip.fill(0xff, 200, 600);
  writeFileSync(join(broken, 'itr_cia_aberta_2023.zip'), zip);
});

describe('build directory lifecycle', () => {
  let published: Record<string, string>;

  it('a first good build publishes version 1', async () => {
    const r = await build({ ...opts, raw: good });
    expect(r.versao_do_dado).toBe('2026-11-22-ciclo|1');
    published = hashesOfCurrent(out);
    expect(Object.keys(published)).toContain('manifest.json');
    expect(scratchIn(out)).toEqual([]);
  });

  it('a build killed with SIGKILL mid-way leaves its lock, .building-* and .work-*; current is intact', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'testing/build-que-para.ts'), good, out],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((ok, fail) => {
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('parado')) ok();
      });
      child.on('exit', (code) => fail(new Error(`the stopping build exited by itself (${code})`)));
    });
    const dead = new Promise((ok) => child.on('exit', ok));
    child.kill('SIGKILL');
    await dead;
    const left = scratchIn(out).sort();
    expect(left).toContain(LOCK_NAME);
    expect(left.some((n) => /^\.building-[0-9a-f]+$/.test(n))).toBe(true);
    expect(left.some((n) => /^\.work-[0-9a-f]+$/.test(n))).toBe(true);
    expect(readlinkSync(join(out, 'current'))).toBe('2026-11-22-ciclo.1');
    expect(hashesOfCurrent(out)).toEqual(published);
  });

  it('the next build takes the dead lock, removes what the dead build left; a corrupt zip among good ones fails it and nothing published is lost', async () => {
    const err = await build({ ...opts, raw: broken }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).arquivo).toBe('itr_cia_aberta_2023.zip');
    expect(scratchIn(out)).toEqual([]);
    expect(versions()).toEqual(['2026-11-22-ciclo.1']);
    expect(hashesOfCurrent(out)).toEqual(published);
  });

  it('a live lock refuses the build and leaves the running build alone', async () => {
    writeFileSync(
      join(out, LOCK_NAME),
      JSON.stringify({ pid: process.pid, host: hostname(), desde: now.toISOString() }),
    );
    mkdirSync(join(out, '.work-0123456789ab'));
    await expect(build({ ...opts, raw: good })).rejects.toBeInstanceOf(BuildLockedError);
    expect(scratchIn(out).sort()).toEqual(['.lock', '.work-0123456789ab']);
    // The same lock from a process that has exited is stale: taken over, and the scratch removed.
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(
      join(out, LOCK_NAME),
      JSON.stringify({ pid: exited, host: hostname(), desde: now.toISOString() }),
    );
    const r = await build({ ...opts, raw: good });
    expect(r.versao_do_dado).toBe('2026-11-22-ciclo|2');
    expect(scratchIn(out)).toEqual([]);
  });

  it('keeps the configured number of versions; sequence numbers never repeat', async () => {
    await build({ ...opts, raw: good, keepVersions: 2 });
    expect(versions()).toEqual(['2026-11-22-ciclo.2', '2026-11-22-ciclo.3']);
    const r = await build({ ...opts, raw: good, keepVersions: 2 });
    expect(r.versao_do_dado).toBe('2026-11-22-ciclo|4');
    expect(versions()).toEqual(['2026-11-22-ciclo.3', '2026-11-22-ciclo.4']);
    expect(readlinkSync(join(out, 'current'))).toBe('2026-11-22-ciclo.4');
  });

  it('never removes the version current points to, even when it is not among the newest', async () => {
    // current rolled back by hand to version 3.
    rmSync(join(out, 'current'));
    symlinkSync('2026-11-22-ciclo.3', join(out, 'current'));
    expect(await applyRetention(out, 1)).toEqual([]);
    await build({ ...opts, raw: good, keepVersions: 1 });
    expect(versions()).toEqual(['2026-11-22-ciclo.5']);
    expect(readlinkSync(join(out, 'current'))).toBe('2026-11-22-ciclo.5');
    expect(scratchIn(out)).toEqual([]);
  });
});
