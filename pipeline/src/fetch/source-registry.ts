import { z } from 'zod';
import type { DownloadableSource } from './plan.ts';

const RegistrySchema = z.object({
  allSources: z.array(
    z.looseObject({
      id: z.string().min(1),
      url: z.string().min(1).optional(),
      fileName: z.instanceof(RegExp),
      localName: z.string().min(1).optional(),
    }),
  ),
});

/**
 * The source specs gathered by `pipeline/src/sources/index.ts` (export `allSources`). Loaded lazily
 * so `fetch` fails with a clear message, not at import time, while that registry is being written.
 */
export async function loadRegistrySources(): Promise<DownloadableSource[]> {
  let mod: unknown;
  try {
    mod = await import('../sources/index.ts');
  } catch (err) {
    throw new Error(
      `cannot load the source registry pipeline/src/sources/index.ts: ${(err as Error).message}`,
    );
  }
  const parsed = RegistrySchema.safeParse(mod);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`pipeline/src/sources/index.ts, field ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data.allSources.map((s) => ({
    id: s.id,
    url: s.url,
    fileName: s.fileName,
    localName: s.localName,
  }));
}
