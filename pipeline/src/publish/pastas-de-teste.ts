import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * For the publication tests: a fresh temporary folder with the paths of a publication (`out`) and of a
 * good and a broken raw folder (the test fills them), removed after the calling file's tests.
 */
export function pastasDePublicacao(prefixo: string): { out: string; good: string; broken: string } {
  const root = mkdtempSync(join(tmpdir(), prefixo));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return { out: join(root, 'out'), good: join(root, 'raw-bom'), broken: join(root, 'raw-ruim') };
}
