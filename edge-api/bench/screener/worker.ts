/**
 * The screener bench's worker (bench/screener.ts): the screener module timed inside workerd, the runtime
 * that serves it. Locally, unlike on Cloudflare, performance.now() advances during CPU work (Cloudflare's
 * "Performance and timers" page), so a call can be timed from inside the isolate.
 *
 *   POST /universo   the snapshot JSON: parsed as the API parses it (ScreenerSnapshotSchema), kept
 *   GET  /medir?telas=<JSON list of query strings>&rodadas=N&vezes=K   medirTelas over the kept snapshot
 */
import { type ScreenerSnapshot, ScreenerSnapshotSchema } from '@fundamentos/schemas/screener-snapshot';
import { z } from 'zod';
import { medirTelas } from '../screener-medir.ts';

let universo: ScreenerSnapshot | null = null;

export default {
  async fetch(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (req.method === 'POST' && url.pathname === '/universo') {
      const texto = await req.text();
      const t0 = performance.now();
      universo = ScreenerSnapshotSchema.parse(JSON.parse(texto));
      return Response.json({ linhas: universo.linhas.length, parse_ms: performance.now() - t0 });
    }
    if (url.pathname === '/medir' && universo !== null) {
      const telas = z.array(z.string()).parse(JSON.parse(url.searchParams.get('telas') ?? '[]'));
      const rodadas = Number(url.searchParams.get('rodadas') ?? '1');
      const vezes = Number(url.searchParams.get('vezes') ?? '1');
      return Response.json(medirTelas(universo, telas, rodadas, () => performance.now(), vezes));
    }
    if (url.pathname === '/') return new Response('ok\n');
    return new Response('POST /universo first, then GET /medir\n', { status: 404 });
  },
};
