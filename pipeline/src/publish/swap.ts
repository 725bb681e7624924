import { randomBytes } from 'node:crypto';
import { access, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Moves the finished build directory into place and points `<out>/current` at it. The link is
 * replaced by rename(2) of a fresh symlink, so a reader sees either the old or the new build.
 */
export async function publishBuild(out: string, buildingDir: string, dirName: string): Promise<string> {
  const target = join(out, dirName);
  const exists = await access(target).then(
    () => true,
    () => false,
  );
  if (exists) throw new Error(`${target} already exists; a published build is never overwritten`);
  await rename(buildingDir, target);
  const tmpLink = join(out, `.current-${randomBytes(4).toString('hex')}`);
  try {
    await symlink(dirName, tmpLink, 'dir');
    await rename(tmpLink, join(out, 'current'));
  } catch (e) {
    await rm(tmpLink, { force: true });
    throw e;
  }
  return target;
}
