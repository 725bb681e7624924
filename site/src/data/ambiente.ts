/**
 * Set by `scripts/cli.ts build --data <dir>`: the pipeline's publish directory (holds `current/`). A module
 * of its own so the CLI can name it without loading the artefact schemas it never uses.
 */
export const DATA_ENV = 'FUNDAMENTOS_SITE_DATA';
