import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { webAppCsp } from './security-headers.js';

const SPA_ROUTES = new Set(['/', '/login', '/register', '/dashboard']);
// Billing, account and legal pages.
for (const route of ['/plans', '/checkout/success', '/checkout/cancelled', '/account', '/terms', '/privacy']) SPA_ROUTES.add(route);

/**
 * Serves the built web app at `/` and answers the SPA's client-side routes with its
 * index.html. Returns false when there is no build (API-only server).
 */
export async function serveWebApp(app: FastifyInstance, webDist: string, apiUrl?: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  const csp = webAppCsp(apiUrl);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: ['index.html'],
    setHeaders: (response, path) => {
      if (!path.endsWith('.html')) return;
      response.header('content-security-policy', csp);
      response.header('x-frame-options', 'DENY');
    },
  });
  for (const route of SPA_ROUTES) {
    // Pages, not API: left out of /docs.
    if (route !== '/') app.get(route, { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }
  return true;
}
