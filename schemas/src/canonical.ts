/**
 * Canonical JSON for receipt hashes: the same bytes as Python's
 * `json.dumps(x, sort_keys=True, separators=(',', ':'), ensure_ascii=False).encode('utf-8')`
 * where `x = json.loads(<the JSON we publish>)`. That is what a reader who checks a receipt with
 * Python gets, so the contract is defined on what Python sees after loading our JSON:
 * - a number JSON.stringify writes without '.' or exponent is a Python int → plain digits;
 * - every other number is a Python float → `repr(float)` (shortest round-trip digits, exponent
 *   when the decimal exponent is < -4 or >= 16, written `e-05` / `e+16`).
 * Keys sort by Unicode code point (Python's str order), not by UTF-16 unit as `Array.sort` does.
 */

export type JsonValor =
  | null
  | boolean
  | number
  | string
  | JsonValor[]
  | { [k: string]: JsonValor | undefined };

export class CanonicalJsonError extends Error {
  constructor(
    message: string,
    readonly caminho: string,
  ) {
    super(`${message} at ${caminho}`);
    this.name = 'CanonicalJsonError';
  }
}

/** Compares by code point so astral characters sort after U+FFFF, as in Python. */
export function compararCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done === true) return y.done === true ? 0 : -1;
    if (y.done === true) return 1;
    const ca = x.value.codePointAt(0) ?? 0;
    const cb = y.value.codePointAt(0) ?? 0;
    if (ca !== cb) return ca - cb;
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function texto(s: string, caminho: string): string {
  // Python would write a lone surrogate raw and then fail to encode it as UTF-8.
  if (LONE_SURROGATE.test(s)) throw new CanonicalJsonError('lone surrogate in string', caminho);
  // JSON.stringify escapes exactly what Python escapes with ensure_ascii=False:
  // '"', '\\', \b \f \n \r \t, and other controls below U+0020 as lowercase \u00xx.
  return JSON.stringify(s);
}

/** Python's `repr(float)` from JavaScript's shortest round-trip digits. */
export function reprFloatPython(x: number): string {
  if (!Number.isFinite(x)) throw new CanonicalJsonError('non-finite number', '$');
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sinal = x < 0 ? '-' : '';
  const js = String(Math.abs(x));
  const [mantissa = '', expoente] = js.split('e');
  const [inteira = '', fracao = ''] = mantissa.split('.');
  let digitos = inteira + fracao;
  // value = 0.<digitos> × 10^decpt
  let decpt = inteira.length + (expoente === undefined ? 0 : Number(expoente));
  const zerosIniciais = digitos.length - digitos.replace(/^0+/, '').length;
  digitos = digitos.slice(zerosIniciais);
  decpt -= zerosIniciais;
  digitos = digitos.replace(/0+$/, '');
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) return `${sinal}0.${'0'.repeat(-decpt)}${digitos}`;
    if (digitos.length <= decpt) return `${sinal}${digitos}${'0'.repeat(decpt - digitos.length)}.0`;
    return `${sinal}${digitos.slice(0, decpt)}.${digitos.slice(decpt)}`;
  }
  const e = decpt - 1;
  const m = digitos.length > 1 ? `${digitos[0]}.${digitos.slice(1)}` : digitos;
  const exp = `${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return `${sinal}${m}e${exp}`;
}

function numero(n: number, caminho: string): string {
  if (!Number.isFinite(n)) throw new CanonicalJsonError('non-finite number', caminho);
  const js = JSON.stringify(n);
  // Integral and written without exponent: Python loads it as int.
  if (/^-?\d+$/.test(js)) return js;
  return reprFloatPython(n);
}

function serializar(v: unknown, caminho: string): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return numero(v, caminho);
    case 'string':
      return texto(v, caminho);
    case 'object': {
      if (Array.isArray(v)) {
        // JSON.stringify writes undefined array slots as null; so do we.
        return `[${v.map((x, i) => (x === undefined ? 'null' : serializar(x, `${caminho}[${i}]`))).join(',')}]`;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) {
        throw new CanonicalJsonError('only plain objects and arrays can be serialised', caminho);
      }
      const entradas = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
      entradas.sort(([a], [b]) => compararCodePoints(a, b));
      return `{${entradas.map(([k, x]) => `${texto(k, caminho)}:${serializar(x, `${caminho}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new CanonicalJsonError(`cannot serialise a ${typeof v}`, caminho);
  }
}

/** Canonical JSON text of a JSON-like value (see the module comment for the exact contract). */
export function canonicalJson(valor: unknown): string {
  return serializar(valor, '$');
}

/** Canonical JSON as UTF-8 bytes. */
export function canonicalJsonBytes(valor: unknown): Uint8Array {
  return new TextEncoder().encode(canonicalJson(valor));
}

/** Lowercase hex SHA-256 through Web Crypto, so it runs in Workers and in Node 22. */
export async function sha256Hex(dados: string | Uint8Array): Promise<string> {
  const bytes = typeof dados === 'string' ? new TextEncoder().encode(dados) : dados;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** sha256 of the canonical JSON of a value: what a receipt's `sha256` holds for its `resultado`. */
export async function sha256Canonico(valor: unknown): Promise<string> {
  return sha256Hex(canonicalJsonBytes(valor));
}
