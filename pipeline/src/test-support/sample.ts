import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** data/sample/raw of the repository, whatever directory the tests run from. */
export const SAMPLE_RAW = fileURLToPath(new URL('../../../data/sample/raw/', import.meta.url));

/** Data rows of a delimited file counted independently of the reader: non-blank lines minus the header. */
export function dataLines(path: string): number {
  return (
    readFileSync(path)
      .toString('latin1')
      .split('\n')
      .filter((l) => l.replace(/\r$/, '') !== '').length - 1
  );
}

/** Reads published Parquet back: the same helper the other packages' tests use. */
export { consultar as query } from '../testing/consulta.ts';
