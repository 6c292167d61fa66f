import { checkoutRequestSchema } from '@sitezip/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { parseBody } from '../../lib/parse-body.js';
import type { AuthService } from '../auth/auth-service.js';
import type { BillingService } from './billing-service.js';
import type { BillingWebhook } from './billing-webhook.js';

// Stripe's events are small, but an invoice with many lines is larger than the app's 64 KB.
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface BillingRoutesDeps {
  config: Readonly<Config>;
  auth: AuthService;
  billing: BillingService;
  webhook: BillingWebhook;
}

/** Where Stripe sends the browser back: APP_URL, else the origin this request came to. */
function appUrl(config: Readonly<Config>, request: FastifyRequest): string {
  return config.appUrl ?? `${request.protocol}://${request.host}`;
}

/** `/billing/*`. The webhook reads its body as raw bytes, in a scope of its own. */
export async function billingRoutes(app: FastifyInstance, deps: BillingRoutesDeps): Promise<void> {
  const { config, auth, billing, webhook } = deps;

  app.get('/billing', async (request) => billing.state(await auth.currentUserRow(request.headers.authorization)));

  app.post('/billing/checkout', async (request) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    const { plan } = parseBody(checkoutRequestSchema, request.body);
    return billing.checkout(user, plan, appUrl(config, request));
  });

  app.post('/billing/portal', async (request) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    return billing.portal(user, appUrl(config, request));
  });

  // The signature covers the exact bytes Stripe sent: no JSON parsing before it is checked.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    raw.post('/billing/webhook', async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return webhook.receive(body, typeof signature === 'string' ? signature : undefined);
    });
  });
}
