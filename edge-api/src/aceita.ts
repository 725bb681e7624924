/** Quality (q) the `Accept` header gives the first of `tipos` it names; 0 when none is named. */
function qualidade(accept: string, tipos: readonly string[]): number {
  let q = 0;
  for (const parte of accept.split(',')) {
    const [faixa = '', ...params] = parte.split(';').map((s) => s.trim().toLowerCase());
    if (!tipos.includes(faixa)) continue;
    const p = params.find((x) => x.startsWith('q='));
    const v = p === undefined ? 1 : Number(p.slice(2));
    if (Number.isFinite(v) && v > q) q = v;
  }
  return q;
}

/**
 * Spec: HTML by default, JSON only when Accept explicitly asks application/json. A missing Accept or
 * `*\/*` gives HTML; when both are named, JSON only if it is preferred (equal weight stays HTML).
 */
export function querJson(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const json = qualidade(accept, ['application/json', 'application/*']);
  return json > 0 && json > qualidade(accept, ['text/html', 'text/*']);
}

/** A browser: `Accept` names HTML (not only through `*\/*`) and does not prefer JSON. */
export function querHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const h = qualidade(accept, ['text/html', 'application/xhtml+xml']);
  return h > 0 && h >= qualidade(accept, ['application/json', 'application/*']);
}
