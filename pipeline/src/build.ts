import type { Manifest } from '@fundamentos/schemas/manifest';

export interface BuildOptions {
  raw: string;
  out: string;
  label: string;
  /** Fixed clock for reproducible builds and tests. */
  now?: Date;
}

export interface BuildResult {
  versao_do_dado: string;
  /** Absolute path of the published build directory. */
  dir: string;
  manifest: Manifest;
}

/** Stages every recognised file under `raw`, runs the marts, publishes atomically under `out`. Owned by the core work. */
export async function build(_opts: BuildOptions): Promise<BuildResult> {
  throw new Error('build not implemented yet');
}
