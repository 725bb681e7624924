import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MEMORY_LIMIT_CEILING,
  MEMORY_LIMIT_FLOOR_MB,
  MEMORY_MB_PER_INPUT_MB,
  memoryLimitFor,
  totalBytes,
} from './memory-budget.ts';

const root = mkdtempSync(join(tmpdir(), 'memory-budget-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('default DuckDB memory limit from the raw inputs', () => {
  it('is the floor for small inputs, grows with the bytes, and stops at the ceiling', () => {
    expect(MEMORY_MB_PER_INPUT_MB).toBe(5);
    expect(memoryLimitFor(0)).toBe(`${MEMORY_LIMIT_FLOOR_MB}MB`);
    // The sample and the bench's escala 0.1 (47,840,102 bytes of zips) sit on the floor.
    expect(memoryLimitFor(47_840_102)).toBe('256MB');
    // Between the bounds: 5 MB per MB, rounded up (escala 0.3's ~155 MB of zips).
    expect(memoryLimitFor(155_000_000)).toBe('775MB');
    expect(memoryLimitFor(155_000_001)).toBe('776MB');
    expect(memoryLimitFor(399_000_000)).toBe('1995MB');
    // 400 MB and more (the full-scale bench: 516,446,132 bytes) get exactly the 2GB full scale was measured at.
    expect(memoryLimitFor(400_000_000)).toBe(MEMORY_LIMIT_CEILING);
    expect(memoryLimitFor(516_446_132)).toBe('2GB');
  });

  it('totals the files it is given', async () => {
    const a = join(root, 'a.zip');
    const b = join(root, 'b.csv');
    writeFileSync(a, Buffer.alloc(1000));
    writeFileSync(b, 'x'.repeat(234));
    expect(await totalBytes([a, b])).toBe(1234);
    expect(await totalBytes([])).toBe(0);
  });
});
