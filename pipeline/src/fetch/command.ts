/** `pnpm pipeline fetch …`: downloads the real sources into a raw folder. Owned by the download work. */
export async function runFetchCommand(_args: string[]): Promise<number> {
  throw new Error('fetch not implemented yet');
}
