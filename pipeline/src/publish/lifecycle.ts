import { randomBytes } from 'node:crypto';
import { readdir, readFile, readlink, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../core/process-alive.ts';
import { BUILD_DIR, sequenceOf } from './versao.ts';

/**
 * Lifecycle of the directories a build leaves under `<out>`: one build at a time (a lock file), what a
 * dead build left behind removed by the next one, and a bounded number of published versions.
 * Design and defaults: docs/architecture.md, "Build and publication".
 */

/** `<out>/.lock`: held by the running build, removed when it ends (failed or not). */
export const LOCK_NAME = '.lock';

/**
 * Scratch names in `<out>`: a build's unfinished publication, its work dir, its temp symlink, and an old
 * version being deleted (renamed first, so a deletion cut short never leaves a half version under a
 * version's name).
 */
export const SCRATCH = /^\.(building|work|current|removing)-[0-9a-f]+$/;

/** Published versions kept in `<out>` after a successful build (the current one always among them). */
export const DEFAULT_KEEP_VERSIONS = 3;

interface LockOwner {
  pid: number;
  host: string;
  desde: string;
}

export class BuildLockedError extends Error {
  constructor(out: string, owner: LockOwner) {
    super(
      `another build (pid ${owner.pid} on ${owner.host}, since ${owner.desde}) is running in ${out}; ` +
        `if it is not, remove ${join(out, LOCK_NAME)}`,
    );
    this.name = 'BuildLockedError';
  }
}

/**
 * Takes `<out>/.lock` (created exclusively). A lock whose process is gone (a build killed with SIGKILL
 * never reaches its `finally`) is stale and taken over; a live one refuses the build, so a second build
 * never removes the scratch of a running one. Returns the release function.
 */
export async function acquireBuildLock(out: string): Promise<() => Promise<void>> {
  const path = join(out, LOCK_NAME);
  const me: LockOwner = { pid: process.pid, host: hostname(), desde: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, `${JSON.stringify(me)}\n`, { flag: 'wx' });
      return async () => {
        await rm(path, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let owner: LockOwner | null = null;
    try {
      owner = JSON.parse(await readFile(path, 'utf8')) as LockOwner;
    } catch {
      // Unreadable or half-written by a process that died while writing it: stale.
    }
    // A lock from another host (a shared disk) cannot be checked here: never taken over.
    if (owner && (owner.host !== me.host || processAlive(owner.pid))) throw new BuildLockedError(out, owner);
    await rm(path, { force: true });
  }
  throw new Error(`${path}: could not take the build lock`);
}

/**
 * Removes what dead builds left in `out` (`.building-*`, `.work-*`, `.current-*`, `.removing-*`). Only called while
 * holding the lock, so none of them can belong to a running build. Returns the names removed.
 */
export async function removeDeadBuildScratch(out: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of (await readdir(out)).sort()) {
    if (!SCRATCH.test(name)) continue;
    await rm(join(out, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Keeps the `keep` newest published versions (by sequence number) and whichever `current` points to;
 * deletes the others. Returns the names removed.
 */
export async function applyRetention(out: string, keep: number): Promise<string[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`versions to keep must be ≥ 1, got ${keep}`);
  const current = await readlink(join(out, 'current')).catch(() => null);
  const versions = (await readdir(out, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && BUILD_DIR.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => sequenceOf(b) - sequenceOf(a));
  const removed: string[] = [];
  for (const name of versions.slice(keep)) {
    if (name === current) continue;
    const doomed = join(out, `.removing-${randomBytes(6).toString('hex')}`);
    await rename(join(out, name), doomed);
    await rm(doomed, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
