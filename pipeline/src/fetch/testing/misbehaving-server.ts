import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server (127.0.0.1 only) for the downloader's tests, made here. Each path serves a file
 * read from disk and follows a script of behaviours, one per request; once the script is used up
 * the path behaves well (`ok`).
 */
export type Behaviour =
  /** 200, or 304 on matching If-None-Match / If-Modified-Since, or 206 for `Range: bytes=N-` (If-Range honoured). */
  | 'ok'
  | 'error500'
  /** 503 with `Retry-After: 1`. */
  | 'retry_after'
  | 'not_found'
  /** Announces the full Content-Length, sends half the body and closes the connection. */
  | 'truncate'
  /** Sends the whole body in 12 chunks, 100 ms apart (1.1 s in all). */
  | 'slow'
  /** Sends half the body, then nothing more (the connection stays open until the client gives up). */
  | 'stall'
  /** Answers a Range request with a full 200. */
  | 'ignore_range'
  /** Answers a Range request with a 206 whose Content-Range starts at 0. */
  | 'bad_range';

export interface Route {
  file: string;
  etag: string;
  lastModified: string;
  script: Behaviour[];
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  behaviour: Behaviour;
}

export interface MisbehavingServer {
  origin: string;
  requests: RecordedRequest[];
  /** Highest number of requests in flight at once. */
  maxInFlight: () => number;
  /** Serves `file` at `path`; the ETag is derived from the content so a new file means a new ETag. */
  route(path: string, file: string, script?: Behaviour[]): void;
  /** ETag the server gives the file at `path`. */
  etag(path: string): string;
  /** Answers `from` with a 302 to `to`. */
  redirect(from: string, to: string): void;
  close(): Promise<void>;
}

const LAST_MODIFIED = 'Tue, 01 Oct 2024 12:00:00 GMT';

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const routes = new Map<string, Route>();
  const redirects = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes.get(path);
    const behaviour = route?.script.shift() ?? 'ok';
    requests.push({ path, headers: req.headers, behaviour });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // 'finish' marks a complete answer; 'close' also covers connections cut before it.
    let counted = true;
    const done = () => {
      if (counted) inFlight -= 1;
      counted = false;
    };
    res.on('finish', done);
    res.on('close', done);
    const target = redirects.get(path);
    if (target !== undefined) {
      res.writeHead(302, { location: target }).end();
      return;
    }
    if (!route || behaviour === 'not_found') {
      res.writeHead(404).end('not found');
      return;
    }
    if (behaviour === 'error500') {
      res.writeHead(500).end('boom');
      return;
    }
    if (behaviour === 'retry_after') {
      res.writeHead(503, { 'retry-after': '1' }).end('busy');
      return;
    }
    const body = readFileSync(route.file);
    const validators = { etag: route.etag, 'last-modified': route.lastModified };
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    if ((inm !== undefined && inm === route.etag) || (inm === undefined && ims === route.lastModified)) {
      res.writeHead(304, validators).end();
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const ifRange = req.headers['if-range'];
    const rangeValid = range !== null && (ifRange === undefined || ifRange === route.etag);
    if (rangeValid && behaviour === 'bad_range') {
      res.writeHead(206, { ...validators, 'content-range': `bytes 0-${body.length - 1}/${body.length}` });
      res.end(body);
      return;
    }
    if (rangeValid && behaviour !== 'ignore_range') {
      const start = Number(range[1]);
      const slice = body.subarray(start);
      res.writeHead(206, {
        ...validators,
        'content-length': slice.length,
        'content-range': `bytes ${start}-${body.length - 1}/${body.length}`,
      });
      send(res, slice, behaviour);
      return;
    }
    res.writeHead(200, { ...validators, 'content-length': body.length });
    send(res, body, behaviour);
  });

  function send(res: ServerResponse, body: Buffer, behaviour: Behaviour): void {
    const half = Math.floor(body.length / 2);
    if (behaviour === 'truncate') {
      res.write(body.subarray(0, half), () => res.socket?.destroy());
    } else if (behaviour === 'stall') {
      res.write(body.subarray(0, half));
    } else if (behaviour === 'slow') {
      const size = Math.ceil(body.length / 12);
      // The last chunk goes with end(): the client sees the body complete only when the server does.
      const step = (i: number) => {
        const chunk = body.subarray(i * size, (i + 1) * size);
        if ((i + 1) * size >= body.length) {
          res.end(chunk);
          return;
        }
        res.write(chunk);
        later(100, () => step(i + 1));
      };
      step(0);
    } else {
      res.end(body);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    route(path, file, script = []) {
      const etag = `"${createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16)}"`;
      routes.set(path, { file, etag, lastModified: LAST_MODIFIED, script });
    },
    etag: (path) => routes.get(path)?.etag ?? '',
    redirect(from, to) {
      redirects.set(from, to);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
