import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';

// Serves a built site's folder on 127.0.0.1 as its real host would: the render fixtures
// (fixtures/render/) are static builds, some of them client-routed.

export interface StaticFolderOptions {
  /**
   * What the host answers for a path that is no file: `index` serves `/index.html` with 200 (a
   * single-page app's history fallback), `clean` tries `<path>.html` first and answers 404.html
   * with 404 otherwise (VitePress's cleanUrls, as on Netlify or Vercel), `404` answers 404.html
   * with 404 (Docusaurus's build, whose pages are `<path>/index.html` folders reached with or
   * without the trailing slash); default: a plain 404.
   */
  fallback?: 'index' | 'clean' | '404';
  /** Delays every response (a simulated network round trip). */
  latencyMs?: number;
}

export interface StaticFolder {
  url: string;
  origin: string;
  /** Requests received, by path with query. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

// The types these builds use; anything else is served as bytes.
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml',
  '.geojson': 'application/geo+json',
  '.gif': 'image/gif',
  '.ttf': 'font/ttf',
};

export async function serveFolder(root: string, options: StaticFolderOptions = {}): Promise<StaticFolder> {
  const hits = new Map<string, number>();
  const base = normalize(root + sep);
  const file = async (path: string): Promise<string | undefined> => {
    const target = normalize(join(base, path));
    if (!target.startsWith(base)) return undefined;
    const info = await stat(target).catch(() => undefined);
    if (info?.isFile()) return target;
    if (info?.isDirectory()) return file(join(path, 'index.html'));
    return undefined;
  };
  const respond = async (request: IncomingMessage, response: ServerResponse) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    let status = 200;
    // A file kept only gzipped (`x.js.gz`, a bundle too large for the repository otherwise) is
    // served as its host's gzip_static serves it: gzipped to a client that takes gzip.
    const gzipped = extname(path) === '.gz' ? undefined : await file(`${path}.gz`);
    if (gzipped) {
      const bytes = await readFile(gzipped);
      const takesGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const body = takesGzip ? bytes : gunzipSync(bytes);
      const encoding: Record<string, string> = takesGzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {};
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'content-length': body.length, ...encoding });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    let found = await file(path);
    if (!found && options.fallback === 'clean' && !extname(path)) found = await file(`${path}.html`);
    if (!found && options.fallback === 'index' && !extname(path)) found = await file('/index.html');
    if (!found && (options.fallback === 'clean' || options.fallback === '404')) {
      found = await file('/404.html');
      status = 404;
    }
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = await readFile(found);
    response.writeHead(status, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream', 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const go = () => void respond(request, response).catch(() => response.writeHead(500).end());
    if (options.latencyMs) setTimeout(go, options.latencyMs);
    else go();
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
