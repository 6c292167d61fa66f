import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A browser opening an address the app does not have gets the web app, which shows its own
 * "Page not found" (with status 404); API callers, and files such as `/missing.png`, get
 * `{"detail": "Not found"}`. A page request is a GET or HEAD that asks for HTML by name
 * (browsers' navigations do; `fetch()` and API clients ask for JSON or anything).
 */
export function answerNotFound(app: FastifyInstance, webDist: string): void {
  const pages = existsSync(join(webDist, 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    if (pages && isPageRequest(request)) return reply.status(404).sendFile('index.html');
    return reply.status(404).send({ detail: 'Not found' });
  });
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split(/[?#]/, 1)[0] ?? '';
  return /\btext\/html\b/i.test(request.headers.accept ?? '') && extname(path) === '';
}
