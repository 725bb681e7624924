import type { Lang } from '../i18n/strings.ts';
import type { DataBuild } from './build.ts';

/**
 * Flag → meaning, from the build's field dictionary (`json/dicionario.json`). Until the dictionary
 * schema is published in @fundamentos/schemas the map is empty and pages link to /dicionario
 * instead of writing a meaning of their own.
 */
export function significadoFlags(_b: DataBuild, _lang: Lang): Map<string, string> {
  return new Map();
}
