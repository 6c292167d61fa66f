import { appConfigSchema, type AppConfig } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import { routeSchema } from '../../lib/route-schema.js';
import type { Config } from '../../config.js';

/** `GET /config`: what the web app shows of the server's settings, for anyone. */
export async function appConfigRoutes(app: FastifyInstance, config: Readonly<Config>): Promise<void> {
  const body: AppConfig = { payments_enabled: config.stripe !== undefined, support_email: config.supportEmail ?? null };
  const schema = routeSchema({ summary: "What the web app shows of this server's settings", tag: 'system', response: { 200: appConfigSchema }, errors: [] });
  app.get('/config', { schema }, async () => body);
}
