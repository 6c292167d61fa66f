import { healthResponseSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema } from '../../lib/route-schema.js';

/** `GET /health`: the process answers (load balancers, the web app's API banner). */
export function healthRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: routeSchema({ summary: 'Health check', tag: 'system', response: { 200: healthResponseSchema }, errors: [] }) },
    async () => ({ status: 'ok' as const }),
  );
}
