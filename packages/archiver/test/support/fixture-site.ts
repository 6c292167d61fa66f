import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface FixtureRoute {
  status?: number;
  type?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Full control over the response (slow bodies, redirects computed from the request). */
  handle?: (request: IncomingMessage, response: ServerResponse) => void;
}

export interface FixtureSite {
  url: string;
  origin: string;
  /** Requests received, by path with query. */
  hits: Map<string, number>;
  /** Connections accepted so far (HTTP/2 carries many requests on one). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * Serves a map of routes on 127.0.0.1 at a free port. `latencyMs` delays every response
 * (a simulated network round trip); unknown paths answer 404. `tls` serves https on
 * `localhost` with the test certificate (see TLS_CERT_PATH); `h2` offers HTTP/2 there too.
 */
export async function serveFixture(
  routes: Record<string, FixtureRoute>,
  options: { latencyMs?: number; tls?: boolean; h2?: boolean; maxStreams?: number } = {},
): Promise<FixtureSite> {
  const hits = new Map<string, number>();
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path] ?? routes[path.split('?')[0] ?? path];
    const respond = () => {
      if (!route) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      if (route.handle) return route.handle(request, response);
      response.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'text/html; charset=utf-8', ...route.headers });
      response.end(route.body ?? '');
    };
    if (options.latencyMs) setTimeout(respond, options.latencyMs);
    else respond();
  };
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server | Http2SecureServer = options.h2
    ? createSecureServer(
        { ...TLS_FIXTURE, allowHTTP1: true, ...(options.maxStreams ? { settings: { maxConcurrentStreams: options.maxStreams } } : {}) },
        handler as unknown as Parameters<typeof createSecureServer>[1],
      )
    : options.tls
      ? createTlsServer(TLS_FIXTURE, handler)
      : createServer(handler);
  server.on(options.tls || options.h2 ? 'secureConnection' : 'connection', () => connections++);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = options.tls || options.h2 ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    hits,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The certificate HTTPS fixtures present (localhost, self-signed): trust it with NODE_EXTRA_CA_CERTS. */
export const TLS_CERT_PATH = new URL('./tls/localhost.cert.pem', import.meta.url).pathname;

const TLS_FIXTURE = {
  cert: readFileSync(TLS_CERT_PATH),
  key: readFileSync(new URL('./tls/localhost.key.pem', import.meta.url)),
};

/** A 1×1 red PNG (decodes in browsers, so naturalWidth is 1). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The 1×1 PNG with `path` after its end (browsers ignore bytes past IEND): a distinct file per
 * URL, where identical content would be stored once.
 */
export function pngFor(path: string): Buffer {
  return Buffer.concat([PNG_1PX, Buffer.from(path)]);
}
