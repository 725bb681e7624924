/**
 * Fixtures written by this project live under a `feitos-aqui/` folder of the raw tree (data/sample/README.md).
 * Rows staged from them are marked wherever they reach a published set or artefact, so a sample set never
 * mixes made-here rows with real ones without saying which is which. SQL over a staged `_arquivo` column.
 */
export const FEITO_AQUI = (arquivo: string): string =>
  `(${arquivo} LIKE 'feitos-aqui/%' OR ${arquivo} LIKE '%/feitos-aqui/%')`;
