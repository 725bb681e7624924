import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TIPOS: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

async function arquivo(p: string): Promise<string | null> {
  try {
    const s = await stat(p);
    if (s.isFile()) return p;
    if (s.isDirectory()) return arquivo(join(p, 'index.html'));
  } catch {
    // not found: the caller tries the next candidate
  }
  return null;
}

/** Resolves a URL path inside `root` the way a static host does: file, `<path>/index.html`, `<path>.html`. */
export async function resolver(root: string, urlPath: string): Promise<string | null> {
  const decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  const alvo = normalize(join(root, decoded));
  if (alvo !== root && !alvo.startsWith(root + sep)) return null;
  return (await arquivo(alvo)) ?? (await arquivo(`${alvo.replace(/[/\\]$/, '')}.html`));
}

/** Static preview of `site/dist` (no rewrites, no language negotiation: that is the edge's job). */
export function servir(dir: string, port: number, host = '127.0.0.1'): Promise<Server> {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const achado = await resolver(root, req.url ?? '/');
      const status = achado ? 200 : 404;
      const caminho = achado ?? (await arquivo(join(root, '404.html')));
      if (!caminho) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(status, { 'Content-Type': TIPOS[extname(caminho)] ?? 'application/octet-stream' });
      createReadStream(caminho).pipe(res);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('bad request');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}
