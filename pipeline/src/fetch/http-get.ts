import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';

export interface HttpGetOptions {
  /** No byte received for this long (waiting for headers or inside the body) fails the request. */
  idleTimeoutMs: number;
  maxRedirects: number;
}

export interface HttpAnswer {
  /** URL that answered (after redirects). */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

/** The connection stayed silent longer than the idle timeout. */
export class IdleTimeoutError extends Error {
  constructor(ms: number) {
    super(`no data received for ${ms} ms`);
    this.name = 'IdleTimeoutError';
  }
}

/** A redirect loop or chain is a server configuration problem: retrying cannot help. */
export class TooManyRedirectsError extends Error {
  constructor(url: string, max: number) {
    super(`more than ${max} redirects from ${url}`);
    this.name = 'TooManyRedirectsError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function getOnce(url: URL, headers: Record<string, string>, idleTimeoutMs: number): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (client === null) return Promise.reject(new Error(`unsupported protocol in ${url.href}`));
  return new Promise((resolve, reject) => {
    let response: IncomingMessage | null = null;
    // The socket timeout is an idle timeout, not a total one: a slow body that keeps sending bytes
    // is never cut, a stalled one is, both before and after the headers arrived.
    const req = client.get(url, { headers, timeout: idleTimeoutMs }, (res) => {
      response = res;
      resolve(res);
    });
    req.on('timeout', () => {
      const err = new IdleTimeoutError(idleTimeoutMs);
      if (response) response.destroy(err);
      req.destroy(err);
    });
    req.on('error', (err) => {
      if (response === null) reject(err);
    });
  });
}

/**
 * GET with redirects followed by hand (so the same headers, Range included, reach the final URL).
 * The body is returned unread; the caller streams it and must consume or destroy it.
 * `Accept-Encoding: identity` keeps the bytes on disk identical to the published file.
 */
export async function httpGet(
  url: string,
  headers: Record<string, string>,
  opts: HttpGetOptions,
): Promise<HttpAnswer> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const res = await getOnce(
      current,
      { 'user-agent': 'fundamentos-br-fetch/0.1', 'accept-encoding': 'identity', ...headers },
      opts.idleTimeoutMs,
    );
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location) {
      res.resume();
      if (hop >= opts.maxRedirects) throw new TooManyRedirectsError(url, opts.maxRedirects);
      current = new URL(location, current);
      continue;
    }
    return { url: current.href, status, headers: res.headers, body: res };
  }
}
