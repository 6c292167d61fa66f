import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const SPA_ROUTES = new Set(['/', '/login', '/register', '/dashboard']);

/**
 * Serves the built web app at `/` and answers the SPA's client-side routes with its
 * index.html. Returns false when there is no build (API-only server).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: webDist, wildcard: true, index: ['index.html'] });
  for (const route of SPA_ROUTES) {
    if (route !== '/') app.get(route, (_request, reply) => reply.sendFile('index.html'));
  }
  return true;
}
