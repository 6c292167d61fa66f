import { PAYMENTS_NOT_SET_UP } from '@sitezip/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { StripeTestServer } from './support/stripe-server.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const APP_URL = 'http://app.test';

let counter = 0;
async function register(app: TestApp['app']): Promise<{ token: string; id: string; email: string }> {
  const email = `buyer${++counter}@example.com`;
  const response = await app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'Buyer', email, password: 'password1' } });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return { token: body.access_token, id: body.user.id, email };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('billing with Stripe (local Stripe test server)', () => {
  let stripe: StripeTestServer;
  let test: TestApp;

  beforeAll(async () => {
    stripe = await StripeTestServer.start();
    test = await createTestApp('pglite', { ...stripe.env(), APP_URL });
  });
  afterAll(async () => {
    await test?.close();
    await stripe?.close();
  });
  afterEach(() => expect(stripe.problems).toEqual([]));

  const app = () => test.app;

  async function plan(token: string): Promise<string | null> {
    return (await app().inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).json().subscription_status;
  }

  async function billing(token: string) {
    const response = await app().inject({ method: 'GET', url: '/billing', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** POSTs an event to the webhook as Stripe would, signed unless told otherwise. */
  function post(event: Record<string, unknown>, sign: { secret?: string; timestamp?: number } | false = {}) {
    const { payload, signature } = stripe.sign(event, sign || {});
    return app().inject({
      method: 'POST',
      url: '/billing/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(sign === false ? {} : { 'stripe-signature': signature }) },
      payload,
    });
  }

  /** Checkout through the API, then what Stripe does when the buyer pays: a subscription and the event. */
  async function subscribe(token: string, userId: string, price: string) {
    const checkout = await app().inject({ method: 'POST', url: '/billing/checkout', headers: bearer(token), payload: { plan: price === stripe.prices.yearly ? 'yearly' : 'monthly' } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionRequest = stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    const customer = sessionRequest.form.customer!;
    const subscription = stripe.addSubscription(customer, price);
    const completed = stripe.event('checkout.session.completed', {
      id: 'cs_test_paid',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer,
      client_reference_id: userId,
      subscription: subscription.id,
    });
    return { customer, subscription: subscription.id as string, completed };
  }

  it('creates a subscription-mode Checkout Session for the chosen plan, with the user as the customer', async () => {
    const user = await register(app());
    const response = await app().inject({ method: 'POST', url: '/billing/checkout', headers: bearer(user.token), payload: { plan: 'yearly' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));

    const [customerCall] = stripe.requestsTo('POST', '/v1/customers');
    expect(customerCall?.form).toMatchObject({ email: user.email, name: 'Buyer', 'metadata[user_id]': user.id });
    const sessionCall = stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sessionCall.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': stripe.prices.yearly,
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      success_url: `${APP_URL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/checkout/cancelled`,
    });
    expect(stripe.customer(sessionCall.form.customer!)).toMatchObject({ email: user.email });

    // A second checkout reuses the customer; the plan is still free until Stripe says it is paid.
    const again = await app().inject({ method: 'POST', url: '/billing/checkout', headers: bearer(user.token), payload: { plan: 'monthly' } });
    expect(again.statusCode).toBe(200);
    expect(stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.form).toMatchObject({
      customer: sessionCall.form.customer,
      'line_items[0][price]': stripe.prices.monthly,
    });
    expect(await plan(user.token)).toBeNull();

    expect((await app().inject({ method: 'POST', url: '/billing/checkout', headers: bearer(user.token), payload: { plan: 'gold' } })).statusCode).toBe(422);
    expect((await app().inject({ method: 'POST', url: '/billing/checkout', payload: { plan: 'monthly' } })).statusCode).toBe(401);
  });

  it('follows the subscription through its webhooks: upgrade, change, cancel at period end, failed payment, deletion', async () => {
    const user = await register(app());
    const { subscription, completed } = await subscribe(user.token, user.id, stripe.prices.monthly);
    const delivered = await post(completed);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await plan(user.token)).toBe('monthly');
    const periodEnd = (stripe.subscription(subscription) as { items: { data: { current_period_end: number }[] } }).items.data[0]!.current_period_end;
    expect(await billing(user.token)).toEqual({
      payments_enabled: true,
      plan: 'monthly',
      status: 'active',
      current_period_end: new Date(periodEnd * 1000).toISOString(),
      cancel_at_period_end: false,
      payment_failed: false,
      can_manage: true,
    });
    // A subscriber is sent to the portal rather than into a second subscription.
    expect((await app().inject({ method: 'POST', url: '/billing/checkout', headers: bearer(user.token), payload: { plan: 'yearly' } })).statusCode).toBe(409);

    const updated = (fields: Parameters<StripeTestServer['updateSubscription']>[1]) =>
      post(stripe.event('customer.subscription.updated', stripe.updateSubscription(subscription, fields)));

    expect((await updated({ price: stripe.prices.yearly })).statusCode).toBe(200);
    expect(await plan(user.token)).toBe('yearly');

    expect((await updated({ cancel_at_period_end: true })).statusCode).toBe(200);
    expect(await billing(user.token)).toMatchObject({ plan: 'yearly', cancel_at_period_end: true });

    stripe.updateSubscription(subscription, { status: 'past_due' });
    expect((await post(stripe.event('invoice.payment_failed', stripe.invoiceFor(subscription)))).statusCode).toBe(200);
    expect(await billing(user.token)).toMatchObject({ plan: 'yearly', status: 'past_due', payment_failed: true });

    expect((await updated({ status: 'active' })).statusCode).toBe(200);
    expect(await billing(user.token)).toMatchObject({ status: 'active', payment_failed: false });

    stripe.updateSubscription(subscription, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    expect((await post(stripe.event('customer.subscription.deleted', stripe.subscription(subscription)!))).statusCode).toBe(200);
    expect(await plan(user.token)).toBe('free');
    expect(await billing(user.token)).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it('ignores unsigned, wrongly signed, stale and replayed events', async () => {
    const user = await register(app());
    const { completed } = await subscribe(user.token, user.id, stripe.prices.monthly);
    const retrievals = () => stripe.requestsTo('GET', /^\/v1\/subscriptions\//).length;
    const before = retrievals();

    const unsigned = await post(completed, false);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().detail).toBe('Missing Stripe-Signature header');
    const otherSecret = await post(completed, { secret: 'whsec_someone_else' });
    expect(otherSecret.statusCode).toBe(400);
    expect(otherSecret.json().detail).toBe('Invalid Stripe signature');
    const stale = await post(completed, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(stale.statusCode).toBe(400);
    // Signed for one body, sent with another.
    const { signature } = stripe.sign(completed);
    const tampered = await app().inject({
      method: 'POST',
      url: '/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify({ ...completed, id: 'evt_forged' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await plan(user.token)).toBeNull();
    expect(retrievals()).toBe(before);

    const first = await post(completed);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await plan(user.token)).toBe('monthly');
    // The operator takes the plan away; the same event, delivered again, must not give it back.
    await test.app.services.admin.setPlan(user.email, 'free');
    const replayed = await post(completed);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ received: true, duplicate: true });
    expect(await plan(user.token)).toBe('free');
    expect(retrievals()).toBe(before + 1);
  });

  it('opens the customer portal for a customer, returning to the dashboard', async () => {
    const user = await register(app());
    const none = await app().inject({ method: 'POST', url: '/billing/portal', headers: bearer(user.token) });
    expect(none.statusCode).toBe(409);
    expect((await billing(user.token)).can_manage).toBe(false);

    const { customer } = await subscribe(user.token, user.id, stripe.prices.monthly);
    const response = await app().inject({ method: 'POST', url: '/billing/portal', headers: bearer(user.token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(new RegExp(`^${stripe.url}/p/session/bps_test_`));
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.form).toEqual({ customer, return_url: `${APP_URL}/dashboard` });
  });

  it('changes name and password, and deletes the account with its files and its subscription', async () => {
    const user = await register(app());
    const renamed = await app().inject({ method: 'PATCH', url: '/account', headers: bearer(user.token), payload: { name: '  Ada King  ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Ada King', email: user.email });
    expect((await app().inject({ method: 'GET', url: '/auth/me', headers: bearer(user.token) })).json().name).toBe('Ada King');
    expect((await app().inject({ method: 'PATCH', url: '/account', headers: bearer(user.token), payload: { name: ' ' } })).statusCode).toBe(422);

    const change = (current_password: string, new_password: string) =>
      app().inject({ method: 'POST', url: '/account/password', headers: bearer(user.token), payload: { current_password, new_password } });
    const wrong = await change('not-my-password', 'new-password-2');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe('The current password is not correct.');
    expect((await change('password1', 'short')).statusCode).toBe(422);
    expect((await change('password1', 'new-password-2')).statusCode).toBe(204);
    const login = (password: string) => app().inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password } });
    expect((await login('password1')).statusCode).toBe(401);
    expect((await login('new-password-2')).statusCode).toBe(200);

    // A paying user with a finished download.
    const { subscription, completed } = await subscribe(user.token, user.id, stripe.prices.yearly);
    expect((await post(completed)).statusCode).toBe(200);
    const { services } = test.app;
    const job = await services.jobs.create({ id: 'A'.repeat(22), ownerId: user.id, url: 'https://example.com/', mode: 'single', plan: 'yearly' });
    const upload = services.store.createUpload(job.id);
    upload.stream.end(Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000')));
    await upload.commit();
    expect(await services.store.stat(job.id)).toBeDefined();

    const refused = await app().inject({ method: 'DELETE', url: '/account', headers: bearer(user.token), payload: { password: 'password1' } });
    expect(refused.statusCode).toBe(403);
    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${subscription}`)).toHaveLength(0);

    const deleted = await app().inject({ method: 'DELETE', url: '/account', headers: bearer(user.token), payload: { password: 'new-password-2' } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${subscription}`)).toHaveLength(1);
    expect(stripe.subscription(subscription)).toMatchObject({ status: 'canceled' });
    expect(await services.store.stat(job.id)).toBeUndefined();
    expect(await services.jobs.get(job.id)).toBeUndefined();
    expect((await app().inject({ method: 'GET', url: '/auth/me', headers: bearer(user.token) })).statusCode).toBe(401);
    expect((await login('new-password-2')).statusCode).toBe(401);
  });
});

describe('billing without Stripe settings', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('pglite', { SUPPORT_EMAIL: 'help@sitezip.test' });
  });
  afterAll(() => test?.close());

  it('starts, says payments are not set up, and the operator still sets plans', async () => {
    const { app } = test;
    expect((await app.inject({ method: 'GET', url: '/config' })).json()).toEqual({ payments_enabled: false, support_email: 'help@sitezip.test' });
    const user = await register(app);
    for (const url of ['/billing/checkout', '/billing/portal']) {
      const response = await app.inject({ method: 'POST', url, headers: bearer(user.token), payload: { plan: 'monthly' } });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toBe(PAYMENTS_NOT_SET_UP);
    }
    const webhook = await app.inject({ method: 'POST', url: '/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(webhook.statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/billing', headers: bearer(user.token) })).json()).toMatchObject({ payments_enabled: false, plan: 'free', can_manage: false });

    await app.services.admin.setPlan(user.email, 'monthly');
    expect((await app.inject({ method: 'GET', url: '/billing', headers: bearer(user.token) })).json().plan).toBe('monthly');
    // Without a subscription there is nothing to cancel: the account can still be deleted.
    expect((await app.inject({ method: 'DELETE', url: '/account', headers: bearer(user.token), payload: { password: 'password1' } })).statusCode).toBe(204);
  });

  it('limits password checks like sign-in, so a stolen token cannot guess the password', async () => {
    const { app } = test;
    const user = await register(app);
    const attempt = () =>
      app.inject({ method: 'POST', url: '/account/password', headers: bearer(user.token), payload: { current_password: 'guess', new_password: 'whatever-1' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(403);
    expect((await attempt()).statusCode).toBe(429);
    const deletion = await app.inject({ method: 'DELETE', url: '/account', headers: bearer(user.token), payload: { password: 'password1' } });
    expect(deletion.statusCode).toBe(429);
  });

  it('refuses half a Stripe setup at start', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_MONTHLY: 'price_m' })).toThrow(
      /Stripe needs .* together \(missing: STRIPE_PRICE_YEARLY, STRIPE_WEBHOOK_SECRET\)/,
    );
  });
});
