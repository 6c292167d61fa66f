import type { AppConfig } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';

/** `GET /config`: what the web app shows of the server's settings, for anyone. */
export async function appConfigRoutes(app: FastifyInstance, config: Readonly<Config>): Promise<void> {
  const body: AppConfig = { payments_enabled: config.stripe !== undefined, support_email: config.supportEmail ?? null };
  app.get('/config', async () => body);
}
