/** Host of B3's listed-companies, funds and index APIs (docs/sources.md §4.1). */
export const B3_API_BASE = 'https://sistemaswebb3-listados.b3.com.br';

/**
 * URL of a B3 API call: the parameters are a JSON object, base64-encoded as the last path segment.
 * Key order is kept as given, because B3 (and the recorded answers) see the exact bytes.
 */
export function b3Url(call: string, params: Record<string, string | number>): string {
  return `${B3_API_BASE}/${call}/${Buffer.from(JSON.stringify(params), 'utf8').toString('base64')}`;
}

/** The parameter object of a B3 API URL (its last path segment), e.g. to label a downloaded answer. */
export function b3UrlParams(url: string): Record<string, unknown> {
  const segment = url.split('/').pop() ?? '';
  const parsed: unknown = JSON.parse(Buffer.from(segment, 'base64').toString('utf8'));
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${url}: the last path segment is not a base64 JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/** URL pattern placeholder for the encoded segment, as `SourceSpec.url` documents it. */
export const B3_PARAMS_PLACEHOLDER = '{BASE64_JSON_PARAMS}';
