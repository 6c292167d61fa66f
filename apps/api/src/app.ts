import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { accountRoutes } from './features/account/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { appConfigRoutes } from './features/app-config/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { billingRoutes } from './features/billing/routes.js';
import { bulkRoutes } from './features/bulk/routes.js';
import { downloadsRoutes } from './features/downloads/routes.js';
import { cancelRoutes } from './features/jobs/cancel-routes.js';
import { healthRoute } from './features/health/routes.js';
import { fileRoutes } from './features/files/routes.js';
import { jobRoutes } from './features/jobs/routes.js';
import { HttpError } from './lib/http-error.js';
import { apiDocs } from './plugins/api-docs.js';
import { refuseBadBodyText } from './plugins/body-text.js';
import { answerNotFound } from './plugins/not-found.js';
import { validateWithZod } from './plugins/route-validation.js';
import { securityHeaders } from './plugins/security-headers.js';
import { serveWebApp } from './plugins/web-app.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's services, for the process edges (server, worker) and tests. */
    services: Services;
  }
}

/** Builds the whole HTTP app from a config; the caller owns listening and closing. */
export async function buildApp(config: Readonly<Config>): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 64 * 1024,
    // POST /download waits for its capture, which has its own time budget.
    requestTimeout: Math.max(config.captureTimeoutMs, config.siteCaptureTimeoutMs) + 30_000,
    genReqId: () => crypto.randomUUID(),
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ detail: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    return reply.status(status).send({ detail: error.message });
  });
  answerNotFound(app, config.webDist);

  const services = await createServices(config, app.log);
  app.decorate('services', services);
  app.addHook('onClose', () => services.close());
  // `npm run admin` finds a running server (and may call it) through the lock file.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (services.lock && address && typeof address === 'object') {
      await services.lock.announce({ port: address.port, adminToken: services.adminToken });
    }
  });

  securityHeaders(app);
  refuseBadBodyText(app);
  // Routes declare their contracts schemas; the same schemas validate and make the docs.
  validateWithZod(app);
  await apiDocs(app, config.webApiUrl);
  healthRoute(app);
  await authRoutes(app, { config, auth: services.auth, limits: services.limits });
  await adminRoutes(app, { adminToken: services.adminToken, admin: services.admin });
  await appConfigRoutes(app, config);
  await billingRoutes(app, { config, auth: services.auth, billing: services.billing.service, webhook: services.billing.webhook });
  await accountRoutes(app, { config, auth: services.auth, account: services.account, limits: services.limits });
  await jobRoutes(app, {
    config,
    auth: services.auth,
    jobs: services.jobs,
    service: services.jobsService,
    events: services.events,
    cancelTokens: services.downloads.cancelTokens,
    limits: services.limits,
  });
  const { downloads } = services;
  await cancelRoutes(app, { auth: services.auth, canceller: downloads.canceller });
  await downloadsRoutes(app, { auth: services.auth, history: downloads.history, store: services.store, preview: services.preview });
  await bulkRoutes(app, { auth: services.auth, bulks: downloads.bulks, service: downloads.bulkService, store: services.store });
  await fileRoutes(app, { jobs: services.jobs, store: services.store, preview: services.preview });
  // In the scaled shape, workers run jobs, recover stalled ones (BullMQ) and sweep expired files.
  if (services.mode === 'embedded') {
    const recovered = await services.jobsService.recover();
    if (recovered.requeued || recovered.failed) app.log.info(recovered, 'recovered unfinished jobs');
    await services.downloads.resume();
    services.sweeper.start(config.jobs.sweepIntervalMs);
  }
  await serveWebApp(app, config.webDist, config.webApiUrl);
  return app;
}
