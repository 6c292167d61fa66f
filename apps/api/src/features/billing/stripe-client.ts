import Stripe from 'stripe';
import type { PaidPlan } from '@sitezip/contracts';

export interface StripeSettings {
  secretKey: string;
  /** The Stripe price each plan is sold at (price_...). */
  prices: Record<PaidPlan, string>;
  /** Signs the events Stripe sends to POST /billing/webhook (whsec_...). */
  webhookSecret: string;
  /** Another address for Stripe's API (a local test server); Stripe's own when absent. */
  apiBase: string | undefined;
}

/** The official SDK, pointed at Stripe or, for tests, at the server STRIPE_API_BASE names. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'sitezip' },
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}
