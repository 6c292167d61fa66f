import { PAYMENTS_NOT_SET_UP, planOf, type BillingState, type PaidPlan, type RedirectResponse } from '@sitezip/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { BillingRepository } from './billing-repository.js';
import type { StripeSettings } from './stripe-client.js';
import { isEntitled, planFromSubscriptions, subscriptionFacts } from './subscription-plan.js';

/** Stripe, when this server takes payments. */
export interface StripeAccess {
  client: Stripe;
  settings: StripeSettings;
}

const providerError = () => new HttpError(502, 'The payment provider could not be reached. Please try again in a moment.');

/**
 * Checkout, the customer portal and the billing state. Plans change only through the webhook
 * (see BillingWebhook), never here: a user who comes back from Checkout has not paid until
 * Stripe says so.
 */
export class BillingService {
  constructor(
    private readonly repository: BillingRepository,
    private readonly stripe: StripeAccess | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.stripe !== undefined;
  }

  /** A Checkout Session for the plan; the browser goes to its url and comes back to `appUrl`. */
  async checkout(user: UserRow, plan: PaidPlan, appUrl: string): Promise<RedirectResponse> {
    const { client, settings } = this.require();
    const open = (await this.repository.subscriptionsOf(user.id)).filter((row) => isEntitled(row.status));
    if (open.length) throw new HttpError(409, 'You already have a subscription. Use Manage billing to change or cancel it.');
    const customer = await this.customerFor(user);
    const session = await this.call(() =>
      client.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price: settings.prices[plan], quantity: 1 }],
        subscription_data: { metadata: { user_id: user.id } },
        metadata: { user_id: user.id, plan },
        success_url: `${appUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/checkout/cancelled`,
      }),
    );
    if (!session.url) throw providerError();
    return { url: session.url };
  }

  /** Stripe's customer portal: change plan, cancel, payment method, invoices. */
  async portal(user: UserRow, appUrl: string): Promise<RedirectResponse> {
    const { client } = this.require();
    if (!user.stripeCustomerId) throw new HttpError(409, 'You have no billing account yet. Choose a plan first.');
    const customer = user.stripeCustomerId;
    const session = await this.call(() => client.billingPortal.sessions.create({ customer, return_url: `${appUrl}/dashboard` }));
    return { url: session.url };
  }

  async state(user: UserRow): Promise<BillingState> {
    const rows = await this.repository.subscriptionsOf(user.id);
    // The subscription that decides the plan, else the latest one (say, just canceled).
    const current = rows.find((row) => isEntitled(row.status)) ?? rows[0];
    return {
      payments_enabled: this.enabled,
      plan: planOf(user.subscriptionStatus),
      status: current?.status ?? null,
      current_period_end: current?.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: current?.cancelAtPeriodEnd ?? false,
      payment_failed: current?.paymentFailedAt != null,
      can_manage: this.enabled && user.stripeCustomerId !== null,
    };
  }

  /**
   * Cancels what Stripe still bills the user for, before their account is deleted. Throws
   * (and so stops the deletion) when that cannot be done.
   */
  async cancelAll(userId: string): Promise<void> {
    const open = await this.repository.openSubscriptionsOf(userId);
    if (!open.length) return;
    if (!this.stripe) throw new HttpError(503, `${PAYMENTS_NOT_SET_UP} Your subscription cannot be cancelled here; please contact support.`);
    const { client } = this.stripe;
    for (const row of open) {
      await this.call(() => client.subscriptions.cancel(row.id));
      this.log.info({ subscription: row.id }, 'subscription cancelled with its account');
    }
  }

  /**
   * Reads a subscription from Stripe and makes the user's plan follow it. Stripe may deliver
   * events in any order, so the subscription is fetched as it is now rather than taken from
   * the event.
   */
  async syncSubscription(subscriptionId: string, options: { paymentFailed?: boolean; userId?: string } = {}): Promise<void> {
    const { client, settings } = this.require();
    const facts = subscriptionFacts(settings.prices, await this.call(() => client.subscriptions.retrieve(subscriptionId)));
    let user = await this.repository.userByCustomer(facts.customerId);
    if (!user && options.userId && (await this.repository.linkCustomer(options.userId, facts.customerId)) === facts.customerId) {
      user = await this.repository.userByCustomer(facts.customerId);
    }
    if (!user) {
      this.log.warn({ subscription: facts.id }, 'subscription of a customer with no account here; ignored');
      return;
    }
    const healthy = facts.status === 'active' || facts.status === 'trialing';
    // A failure is recorded while the subscription is in arrears, and forgotten once it is paid.
    const paymentFailedAt = healthy ? null : options.paymentFailed ? new Date() : undefined;
    const rows = await this.repository.saveSubscription(user.id, facts, paymentFailedAt);
    const plan = planFromSubscriptions(rows);
    if (plan !== planOf(user.subscriptionStatus)) {
      await this.repository.setPlan(user.id, plan);
      this.log.info({ user: user.id, plan, subscription: facts.id, status: facts.status }, 'plan changed by Stripe');
    }
  }

  private async customerFor(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const { client } = this.require();
    // The key makes a repeated first checkout (two tabs, a retry) get the same customer.
    const customer = await this.call(() =>
      client.customers.create(
        { email: user.email, name: user.name, metadata: { user_id: user.id } },
        { idempotencyKey: `sitezip-customer-${user.id}` },
      ),
    );
    return (await this.repository.linkCustomer(user.id, customer.id)) ?? customer.id;
  }

  private require(): StripeAccess {
    if (!this.stripe) throw new HttpError(503, PAYMENTS_NOT_SET_UP);
    return this.stripe;
  }

  /** Stripe's own errors stay in the log; the user gets a plain 502. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      this.log.error({ err: error }, 'Stripe request failed');
      throw providerError();
    }
  }
}
