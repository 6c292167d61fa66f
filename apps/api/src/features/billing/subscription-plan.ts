import type { Plan } from '@sitezip/contracts';
import type Stripe from 'stripe';
import type { StripeSettings } from './stripe-client.js';

/**
 * Statuses that keep the plan. past_due keeps it while Stripe retries the payment (the user is
 * told on the dashboard); Stripe moves the subscription to unpaid or canceled when it gives up.
 */
const ENTITLED: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export function isEntitled(status: string): boolean {
  return ENTITLED.has(status);
}

/** The plan a Stripe price buys on this server, if it is one of ours. */
export function planForPrice(prices: StripeSettings['prices'], priceId: string): Exclude<Plan, 'free'> | null {
  if (priceId === prices.monthly) return 'monthly';
  if (priceId === prices.yearly) return 'yearly';
  return null;
}

/** What we keep of a subscription, read from Stripe's object. */
export interface SubscriptionFacts {
  id: string;
  customerId: string;
  status: string;
  priceId: string;
  plan: Exclude<Plan, 'free'> | null;
  /** When the plan renews, or ends when it is set to cancel. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export function subscriptionFacts(prices: StripeSettings['prices'], subscription: Stripe.Subscription): SubscriptionFacts {
  const item = subscription.items.data[0];
  const priceId = item?.price.id ?? '';
  // The portal may cancel by date (cancel_at) rather than with cancel_at_period_end.
  const endsAt = subscription.cancel_at ?? item?.current_period_end ?? null;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    priceId,
    plan: planForPrice(prices, priceId),
    currentPeriodEnd: endsAt === null ? null : new Date(endsAt * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}

const RANK: Record<Plan, number> = { free: 0, monthly: 1, yearly: 2 };

/** A user's plan from their subscriptions: the best one that is still paid for. */
export function planFromSubscriptions(rows: ReadonlyArray<{ status: string; plan: string | null }>): Plan {
  let best: Plan = 'free';
  for (const row of rows) {
    const plan = row.plan === 'monthly' || row.plan === 'yearly' ? row.plan : 'free';
    if (isEntitled(row.status) && RANK[plan] > RANK[best]) best = plan;
  }
  return best;
}
