import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

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
  close(): Promise<void>;
}

/**
 * Serves a map of routes on 127.0.0.1 at a free port. `latencyMs` delays every response
 * (a simulated network round trip); unknown paths answer 404.
 */
export async function serveFixture(
  routes: Record<string, FixtureRoute>,
  options: { latencyMs?: number; tls?: boolean } = {},
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
  const server: Server = options.tls ? createTlsServer(TLS_FIXTURE, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = options.tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
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
