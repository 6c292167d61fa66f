import { PAYMENTS_NOT_SET_UP } from '@sitezip/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { HttpError } from '../../lib/http-error.js';
import type { BillingRepository } from './billing-repository.js';
import type { BillingService, StripeAccess } from './billing-service.js';

/** The events that change a plan; Stripe's others are acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.id;
}

/**
 * POST /billing/webhook: the one way (with `npm run admin`) a plan changes. Only events whose
 * signature verifies on the exact bytes Stripe sent, within the SDK's five-minute tolerance,
 * are read, and each event id is handled once.
 */
export class BillingWebhook {
  constructor(
    private readonly repository: BillingRepository,
    private readonly billing: BillingService,
    private readonly stripe: StripeAccess | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async receive(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    if (!this.stripe) throw new HttpError(503, PAYMENTS_NOT_SET_UP);
    if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.client.webhooks.constructEvent(rawBody, signature, this.stripe.settings.webhookSecret);
    } catch (error) {
      this.log.warn({ err: error }, 'Stripe webhook refused');
      throw new HttpError(400, 'Invalid Stripe signature');
    }
    if (!(await this.repository.claimEvent(event.id, event.type))) {
      this.log.info({ event: event.id, type: event.type }, 'Stripe event already handled');
      return { received: true, duplicate: true };
    }
    try {
      await this.apply(event);
    } catch (error) {
      // Not handled after all: Stripe delivers it again, and that delivery must be allowed in.
      await this.repository.releaseEvent(event.id);
      throw error;
    }
    return { received: true, duplicate: false };
  }

  private async apply(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscription = idOf(session.subscription);
        if (session.mode !== 'subscription' || !subscription) return;
        await this.billing.syncSubscription(subscription, { userId: session.client_reference_id ?? undefined });
        return;
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.billing.syncSubscription(event.data.object.id);
        return;
      case 'invoice.payment_failed': {
        const subscription = idOf(event.data.object.parent?.subscription_details?.subscription);
        if (subscription) await this.billing.syncSubscription(subscription, { paymentFailed: true });
        return;
      }
      default:
        this.log.debug({ event: event.id, type: event.type }, 'Stripe event not used');
    }
  }
}
