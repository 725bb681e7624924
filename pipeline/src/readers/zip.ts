import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { InputError } from '../core/source.ts';

/** A member extracted to `path`; `member` is its name inside the zip. */
export interface ExtractedMember {
  member: string;
  path: string;
}

const asInputError = (arquivo: string, e: unknown): InputError =>
  e instanceof InputError
    ? e
    : new InputError(
        arquivo,
        null,
        null,
        'a complete, readable zip',
        e instanceof Error ? e.message : String(e),
      );

/** Member names of a zip (directories left out), read from its central directory without extracting anything. */
export async function listZip(zipPath: string, arquivo: string): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, z) =>
      err || !z ? reject(asInputError(arquivo, err)) : resolve(z),
    ),
  );
  const names: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (e) => reject(asInputError(arquivo, e)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) names.push(entry.fileName);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return names;
}

/**
 * Walks a zip's central directory and extracts the members `want` accepts into `dir`; returns them and
 * the names of the members it skipped. A truncated or corrupt zip (bad directory, bad CRC, short member)
 * is an InputError naming the zip.
 */
export async function extractZip(
  zipPath: string,
  arquivo: string,
  dir: string,
  want: (memberBaseName: string) => boolean,
): Promise<{ extracted: ExtractedMember[]; skipped: string[] }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true },
      (err, z) => (err || !z ? reject(asInputError(arquivo, err)) : resolve(z)),
    ),
  );
  const extracted: ExtractedMember[] = [];
  const skipped: string[] = [];
  try {
    await mkdir(dir, { recursive: true });
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (e) => reject(asInputError(arquivo, e)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/')) {
          zip.readEntry();
          return;
        }
        if (!want(basename(name))) {
          skipped.push(name);
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) {
            reject(asInputError(arquivo, err));
            return;
          }
          // Members are flattened by position so two members with the same base name cannot collide.
          const target = join(dir, `${extracted.length}-${basename(name)}`);
          pipeline(stream, createWriteStream(target))
            .then(() => {
              extracted.push({ member: name, path: target });
              zip.readEntry();
            })
            .catch((e: unknown) => reject(asInputError(arquivo, e)));
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return { extracted, skipped };
}
