/** A published build as plain data, so Node (global setup) can hand it to workerd (setup file). */
export interface BuildSemeavel {
  versao_do_dado: string;
  /** `<dir_da_versao>`: the directory name, `|` replaced by `.`. */
  dir: string;
  /** Path inside the build → file bytes in base64. */
  arquivos: Record<string, string>;
}

declare module 'vitest' {
  interface ProvidedContext {
    fixtureInfra: BuildSemeavel;
    /** Subset of the real sample build (test/amostra-build.ts): the files the company tests read. */
    amostra: BuildSemeavel & { codigoAntigo: string; codigoAtual: string };
    /** Set instead of `amostra` when the pipeline build of the sample failed. */
    amostraFalhou: string;
    /** Audit samples drawn in Node by the test's own implementation: seed → universe lines. */
    sorteios: Record<string, string[]>;
  }
}
