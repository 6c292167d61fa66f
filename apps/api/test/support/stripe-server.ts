import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for api.stripe.com on 127.0.0.1, for tests that must not reach Stripe. The app's
 * SDK is pointed here (STRIPE_API_BASE → its host/port/protocol options). Every request is
 * checked as Stripe would check it — the secret key as a Bearer token, a form-encoded body with
 * the fields the call needs — and answered with objects in Stripe's documented shapes. A check
 * that fails answers Stripe's 400 error and is kept in `problems`, so a test can assert none.
 *
 * It also hosts the pages Stripe hosts: a checkout page whose "Subscribe" creates the
 * subscription, sends the signed `checkout.session.completed` event to the app's webhook and
 * then sends the browser to the session's success_url, as Stripe does; and a portal page.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  /** The decoded form body, keys as the SDK writes them (`line_items[0][price]`). */
  form: Record<string, string>;
}

export interface StripeTestServerOptions {
  /** Where the hosted pages send events (the app's POST /billing/webhook). */
  webhookUrl?: string;
  port?: number;
  /** Fixed secrets, when another process (the app under test) must know them in advance. */
  secretKey?: string;
  webhookSecret?: string;
}

type Json = Record<string, unknown>;

interface SubscriptionRecord {
  id: string;
  customer: string;
  price: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  canceled_at: number | null;
  metadata: Record<string, string>;
  created: number;
}

const DAY = 24 * 3600;
const API_VERSION = '2026-10-28.endive';

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** `metadata[user_id]=x` → `{user_id: 'x'}` for one prefix of the SDK's bracket encoding. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.startsWith(`${prefix}[`) ? /^\[([^\]]+)\]$/.exec(key.slice(prefix.length)) : null;
    if (match) out[match[1]!] = value;
  }
  return out;
}

class CheckFailed extends Error {}

export class StripeTestServer {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly prices = { monthly: 'price_test_monthly', yearly: 'price_test_yearly' } as const;
  readonly requests: RecordedRequest[] = [];
  readonly problems: string[] = [];
  /** Deliveries to the webhook from the hosted pages, with the app's answer. */
  readonly deliveries: { type: string; status: number }[] = [];
  webhookUrl: string | undefined;

  private readonly customers = new Map<string, Json>();
  private readonly sessions = new Map<string, Json>();
  private readonly portals = new Map<string, Json>();
  private readonly subscriptions = new Map<string, SubscriptionRecord>();
  private readonly server = createServer((request, response) => void this.handle(request, response));
  private base = '';

  private constructor(options: StripeTestServerOptions) {
    this.webhookUrl = options.webhookUrl;
    this.secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString('hex')}`;
    this.webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  }

  static async start(options: StripeTestServerOptions = {}): Promise<StripeTestServer> {
    const server = new StripeTestServer(options);
    await new Promise<void>((resolve) => server.server.listen(options.port ?? 0, '127.0.0.1', resolve));
    server.base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    return server;
  }

  get url(): string {
    return this.base;
  }

  /** The app's settings for this server. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PRICE_MONTHLY: this.prices.monthly,
      STRIPE_PRICE_YEARLY: this.prices.yearly,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_BASE: this.base,
    };
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  // --- Stripe's state, for tests to arrange and inspect -------------------------------------

  /** A subscription as Stripe would hold it after a paid checkout. */
  addSubscription(customer: string, price: string, fields: Partial<SubscriptionRecord> = {}): Json {
    const start = now();
    const record: SubscriptionRecord = {
      id: newId('sub'),
      customer,
      price,
      status: 'active',
      cancel_at_period_end: false,
      current_period_start: start,
      current_period_end: start + (price === this.prices.yearly ? 365 : 30) * DAY,
      canceled_at: null,
      metadata: {},
      created: start,
      ...fields,
    };
    this.subscriptions.set(record.id, record);
    return this.subscriptionObject(record);
  }

  updateSubscription(id: string, fields: Partial<SubscriptionRecord>): Json {
    const record = this.subscriptions.get(id);
    if (!record) throw new Error(`no subscription ${id}`);
    Object.assign(record, fields);
    return this.subscriptionObject(record);
  }

  subscription(id: string): Json | undefined {
    const record = this.subscriptions.get(id);
    return record && this.subscriptionObject(record);
  }

  customer(id: string): Json | undefined {
    return this.customers.get(id);
  }

  /** An invoice of the subscription, as `invoice.payment_failed` carries it. */
  invoiceFor(subscriptionId: string): Json {
    const record = this.subscriptions.get(subscriptionId);
    if (!record) throw new Error(`no subscription ${subscriptionId}`);
    return {
      id: newId('in'),
      object: 'invoice',
      customer: record.customer,
      status: 'open',
      attempt_count: 1,
      amount_due: record.price === this.prices.yearly ? 8100 : 900,
      currency: 'usd',
      billing_reason: 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: record.metadata, subscription: record.id },
      },
      livemode: false,
    };
  }

  /** An event object as Stripe sends it. */
  event(type: string, object: Json, fields: { id?: string; created?: number } = {}): Json {
    return {
      id: fields.id ?? newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: fields.created ?? now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** The body and Stripe-Signature header for an event, signed with the SDK's own helper. */
  sign(event: Json, options: { secret?: string; timestamp?: number } = {}): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });
    return { payload, signature };
  }

  /** Sends an event to the app's webhook as Stripe delivers it. */
  async deliver(event: Json): Promise<number> {
    if (!this.webhookUrl) throw new Error('no webhook URL');
    const { payload, signature } = this.sign(event);
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    await response.arrayBuffer();
    this.deliveries.push({ type: String(event.type), status: response.status });
    return response.status;
  }

  // --- HTTP -------------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.base);
    const raw = await new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    try {
      if (url.pathname.startsWith('/v1/')) return this.api(request, response, url, raw);
      return await this.hosted(request, response, url, raw);
    } catch (error) {
      if (!(error instanceof CheckFailed)) this.problems.push(`${request.method} ${url.pathname}: ${String(error)}`);
      send(response, 400, { error: { type: 'invalid_request_error', message: (error as Error).message } });
    }
  }

  private api(request: IncomingMessage, response: ServerResponse, url: URL, raw: string): void {
    const method = request.method ?? 'GET';
    const form = Object.fromEntries(new URLSearchParams(method === 'GET' ? url.search : raw));
    this.requests.push({ method, path: url.pathname, form });
    const check = (ok: boolean, message: string) => {
      if (ok) return;
      this.problems.push(`${method} ${url.pathname}: ${message}`);
      throw new CheckFailed(message);
    };
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      this.problems.push(`${method} ${url.pathname}: wrong or missing secret key`);
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (method === 'POST') {
      check((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'), 'body is not form-encoded');
    }
    check(typeof request.headers['stripe-version'] === 'string', 'no Stripe-Version header');

    const route = `${method} ${url.pathname}`;
    let match: RegExpExecArray | null;
    if (route === 'POST /v1/customers') {
      check(Boolean(form.email), 'customer without email');
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        email: form.email,
        name: form.name ?? null,
        metadata: nested(form, 'metadata'),
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      return send(response, 200, customer);
    }
    if (route === 'POST /v1/checkout/sessions') {
      check(form.mode === 'subscription', `mode is ${form.mode}, not subscription`);
      check(form['line_items[0][price]'] === this.prices.monthly || form['line_items[0][price]'] === this.prices.yearly, `unknown price ${form['line_items[0][price]']}`);
      check(form['line_items[0][quantity]'] === '1', 'quantity is not 1');
      check(form['line_items[1][price]'] === undefined, 'more than one line item');
      check(this.customers.has(form.customer ?? ''), `no such customer: ${form.customer}`);
      check(/^https?:\/\//.test(form.success_url ?? '') && (form.success_url ?? '').includes('{CHECKOUT_SESSION_ID}'), 'success_url missing or without {CHECKOUT_SESSION_ID}');
      check(/^https?:\/\//.test(form.cancel_url ?? ''), 'cancel_url missing');
      const id = newId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: nested(form, 'metadata'),
        subscription_metadata: nested(form, 'subscription_data[metadata]'),
        price: form['line_items[0][price]'],
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        created: now(),
        expires_at: now() + DAY,
        url: `${this.base}/c/pay/${id}`,
        livemode: false,
      };
      this.sessions.set(id, session);
      return send(response, 200, this.sessionObject(session));
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      check(this.customers.has(form.customer ?? ''), `no such customer: ${form.customer}`);
      check(/^https?:\/\//.test(form.return_url ?? ''), 'return_url missing');
      const id = newId('bps');
      const portal = {
        id,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        created: now(),
        livemode: false,
        url: `${this.base}/p/session/${id}`,
      };
      this.portals.set(id, portal);
      return send(response, 200, portal);
    }
    if ((match = /^GET \/v1\/subscriptions\/([\w-]+)$/.exec(route))) {
      const subscription = this.subscription(match[1]!);
      if (!subscription) return send(response, 404, { error: { type: 'invalid_request_error', message: `No such subscription: '${match[1]}'` } });
      return send(response, 200, subscription);
    }
    if ((match = /^DELETE \/v1\/subscriptions\/([\w-]+)$/.exec(route))) {
      const record = this.subscriptions.get(match[1]!);
      if (!record) return send(response, 404, { error: { type: 'invalid_request_error', message: `No such subscription: '${match[1]}'` } });
      return send(response, 200, this.updateSubscription(record.id, { status: 'canceled', canceled_at: now() }));
    }
    check(false, `unexpected call ${route}`);
  }

  /** The pages Stripe hosts: checkout and the customer portal. */
  private async hosted(request: IncomingMessage, response: ServerResponse, url: URL, raw: string): Promise<void> {
    if (url.pathname === '/health') return send(response, 200, { ok: true });
    // For browser tests, which drive this server from another process.
    if (url.pathname === '/__state') {
      const subscriptions = [...this.subscriptions.keys()].map((id) => this.subscription(id));
      return send(response, 200, { requests: this.requests, problems: this.problems, deliveries: this.deliveries, subscriptions });
    }
    let match = /^\/c\/pay\/([\w-]+)$/.exec(url.pathname);
    const session = match ? this.sessions.get(match[1]!) : undefined;
    if (session && request.method === 'GET') {
      const plan = session.price === this.prices.yearly ? 'Yearly — $81.00 per year' : 'Monthly — $9.00 per month';
      return page(
        response,
        'Checkout',
        `<h1>Subscribe to sitezip</h1><p>${plan}</p>
         <form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label>
         <button type="submit">Subscribe</button></form>
         <p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p>`,
      );
    }
    if (session && request.method === 'POST') {
      if (session.status !== 'open') return page(response, 'Checkout', '<p>This checkout is already complete.</p>', 409);
      const card = new URLSearchParams(raw).get('card')?.replace(/\s/g, '');
      if (card !== '4242424242424242') return page(response, 'Checkout', '<p role="alert">Your card was declined.</p>', 402);
      const subscription = this.addSubscription(String(session.customer), String(session.price), {
        metadata: session.subscription_metadata as Record<string, string>,
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      const status = await this.deliver(this.event('checkout.session.completed', this.sessionObject(session)));
      if (status < 200 || status > 299) return page(response, 'Checkout', `<p role="alert">The merchant's webhook answered ${status}.</p>`, 502);
      response.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id)) });
      return void response.end();
    }
    match = /^\/p\/session\/([\w-]+)$/.exec(url.pathname);
    const portal = match ? this.portals.get(match[1]!) : undefined;
    if (portal) {
      return page(response, 'Billing portal', `<h1>Manage your subscription</h1><p><a href="${escapeHtml(String(portal.return_url))}">Return to sitezip</a></p>`);
    }
    send(response, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  }

  private sessionObject(session: Json): Json {
    const { price: _price, subscription_metadata: _metadata, ...shown } = session;
    return shown;
  }

  private subscriptionObject(record: SubscriptionRecord): Json {
    return {
      id: record.id,
      object: 'subscription',
      customer: record.customer,
      status: record.status,
      cancel_at_period_end: record.cancel_at_period_end,
      cancel_at: null,
      canceled_at: record.canceled_at,
      ended_at: record.status === 'canceled' ? record.canceled_at : null,
      collection_method: 'charge_automatically',
      created: record.created,
      start_date: record.created,
      currency: 'usd',
      metadata: record.metadata,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${record.id.slice(4)}`,
            object: 'subscription_item',
            subscription: record.id,
            quantity: 1,
            current_period_start: record.current_period_start,
            current_period_end: record.current_period_end,
            price: {
              id: record.price,
              object: 'price',
              active: true,
              currency: 'usd',
              type: 'recurring',
              unit_amount: record.price === this.prices.yearly ? 8100 : 900,
              recurring: { interval: record.price === this.prices.yearly ? 'year' : 'month', interval_count: 1 },
            },
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${record.id}`,
      },
    };
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

function page(response: ServerResponse, title: string, body: string, status = 200): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
