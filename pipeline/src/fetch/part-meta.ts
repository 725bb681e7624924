import { readFile, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * Beside every `<name>.part` lies `<name>.part.json`: the URL and validators of the answer whose
 * bytes the `.part` holds. It is written before the first body byte, so even a download killed
 * mid-way (no log line) can be resumed with a correct `If-Range`.
 */
export const PartMetaSchema = z.strictObject({
  url: z.url(),
  etag: z.string().nullable(),
  last_modified: z.string().nullable(),
});
export type PartMeta = z.infer<typeof PartMetaSchema>;

export const partMetaPath = (part: string): string => `${part}.json`;

/** The sidecar, or null when missing or unreadable (a crash while writing it): the `.part` is then not resumed. */
export async function readPartMeta(part: string): Promise<PartMeta | null> {
  let text: string;
  try {
    text = await readFile(partMetaPath(part), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const parsed = PartMetaSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function writePartMeta(part: string, meta: PartMeta): Promise<void> {
  await writeFile(partMetaPath(part), `${JSON.stringify(PartMetaSchema.parse(meta))}\n`, 'utf8');
}

/** Removes a `.part` and its sidecar. */
export async function removePart(part: string): Promise<void> {
  await rm(part, { force: true });
  await rm(partMetaPath(part), { force: true });
}
