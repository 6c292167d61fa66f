import { billingStateSchema, checkoutRequestSchema, redirectResponseSchema } from '@sitezip/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { routeSchema } from '../../lib/route-schema.js';
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

const stateSchema = routeSchema({
  summary: 'Your plan, its renewal or end date, and whether a payment failed',
  tag: 'billing',
  auth: 'bearer',
  response: { 200: billingStateSchema },
  errors: [401],
});

const checkoutSchema = routeSchema({
  summary: 'Start buying a plan',
  description: 'Creates a Stripe Checkout Session (subscription mode) for the monthly or yearly price; send the browser to `url`. 503 when payments are not set up on this server.',
  tag: 'billing',
  auth: 'bearer',
  body: checkoutRequestSchema,
  response: { 200: redirectResponseSchema },
  errors: [401, 409, 422, 502, 503],
});

const portalSchema = routeSchema({
  summary: "Open Stripe's customer portal",
  description: 'To change plan, cancel, or get invoices; send the browser to `url`.',
  tag: 'billing',
  auth: 'bearer',
  response: { 200: redirectResponseSchema },
  errors: [401, 409, 502, 503],
});

const webhookSchema = routeSchema({
  summary: "Stripe's events (signed)",
  description:
    'Verified with the `Stripe-Signature` header on the raw body; each event is handled once. Handles checkout.session.completed, customer.subscription.updated and .deleted, invoice.payment_failed: the only way a plan changes besides the operator command.',
  tag: 'billing',
  response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
  errors: [400, 503],
});

/** `/billing/*`. The webhook reads its body as raw bytes, in a scope of its own. */
export async function billingRoutes(app: FastifyInstance, deps: BillingRoutesDeps): Promise<void> {
  const { config, auth, billing, webhook } = deps;

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/billing', { schema: stateSchema }, async (request) => billing.state(await auth.currentUserRow(request.headers.authorization)));

  routes.post('/billing/checkout', { schema: checkoutSchema }, async (request) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    return billing.checkout(user, request.body.plan, appUrl(config, request));
  });

  routes.post('/billing/portal', { schema: portalSchema }, async (request) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    return billing.portal(user, appUrl(config, request));
  });

  // The signature covers the exact bytes Stripe sent: no JSON parsing before it is checked.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    raw.post('/billing/webhook', { schema: webhookSchema }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return webhook.receive(body, typeof signature === 'string' ? signature : undefined);
    });
  });
}
