import { createHash } from 'node:crypto';
import dgram from 'node:dgram';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FetchedResource, Fetcher, FetchInit } from '../../src/fetch/fetcher.js';
import { serveFixture, type FixtureRoute, type FixtureSite } from './fixture-site.js';

// What the render tests need around a fixture site: who asked (the engine's fetcher or the
// browser itself, told apart by user agent), and servers for the doors that are not HTTP.

/** The user agents the render tests give the fetcher and the browser: a hit shows who made it. */
export const FETCHER_UA = 'sitezip-test-fetcher';
export const BROWSER_UA = 'sitezip-test-browser';

export interface SeenRequest {
  method: string;
  path: string;
  userAgent: string | undefined;
  body: string;
}

export interface RecordedSite extends FixtureSite {
  seen: SeenRequest[];
}

/** Reads `request`'s body to its end, keeps the request in `seen` and calls `then` with the body. */
export function recordRequest(request: IncomingMessage, seen: SeenRequest[], then: (body: string) => void): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString();
    seen.push({ method: request.method ?? '', path: request.url ?? '', userAgent: request.headers['user-agent'], body });
    then(body);
  });
}

/** serveFixture, also keeping each request's method, user agent and body. */
export async function serveRecorded(routes: Record<string, FixtureRoute>): Promise<RecordedSite> {
  const seen: SeenRequest[] = [];
  const wrapped: Record<string, FixtureRoute> = {};
  for (const [path, route] of Object.entries(routes)) {
    wrapped[path] = {
      handle: (request: IncomingMessage, response: ServerResponse) =>
        recordRequest(request, seen, () => {
          if (route.handle) return route.handle(request, response);
          response.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'text/html; charset=utf-8', ...route.headers });
          response.end(route.body ?? '');
        }),
    };
  }
  return Object.assign(await serveFixture(wrapped), { seen });
}

/**
 * A Fetcher that answers some URLs itself and hands the rest to `inner`: lets a page be served
 * from memory while its requests meet a real fetcher whose guard refuses private networks.
 */
export function withPages(pages: Record<string, { type: string; body: string }>, inner: Fetcher): Fetcher {
  return {
    fetch(url: string, init?: FetchInit): Promise<FetchedResource> {
      const page = pages[url];
      if (!page) return inner.fetch(url, init);
      return Promise.resolve({
        requestedUrl: url,
        url,
        status: 200,
        headers: { 'content-type': page.type },
        mimeType: page.type.split(';')[0] ?? '',
        charset: undefined,
        body: Buffer.from(page.body),
        redirects: [],
      });
    },
    close: () => inner.close(),
  };
}

export interface Listener {
  port: number;
  /** TCP connections (or UDP datagrams) received. */
  count(): number;
  close(): Promise<void>;
}

/** A real WebSocket server on 127.0.0.1 (handshake included) that counts every TCP connection. */
export async function serveWebSocket(): Promise<Listener> {
  const server = createServer((_request, response) => response.writeHead(426).end());
  let connections = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request: IncomingMessage, socket: Socket) => {
    const key = String(request.headers['sec-websocket-key'] ?? '');
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    count: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A plain TCP listener that counts connections (preconnect targets). */
export async function countConnections(): Promise<Listener> {
  return serveWebSocket();
}

/** A UDP socket on 127.0.0.1 that counts datagrams (a STUN/TURN server that never answers). */
export async function countDatagrams(): Promise<Listener> {
  const socket = dgram.createSocket('udp4');
  let datagrams = 0;
  socket.on('message', () => datagrams++);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    count: () => datagrams,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
