import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { BillingRepository } from './billing-repository.js';
import { BillingService } from './billing-service.js';
import { BillingWebhook } from './billing-webhook.js';
import { createStripeClient, type StripeSettings } from './stripe-client.js';

export interface Billing {
  service: BillingService;
  webhook: BillingWebhook;
}

/** Billing with Stripe when it is configured; without it every billing call answers 503. */
export function createBilling(settings: StripeSettings | undefined, db: Db, log: FastifyBaseLogger): Billing {
  const stripe = settings ? { client: createStripeClient(settings), settings } : undefined;
  const repository = new BillingRepository(db);
  const service = new BillingService(repository, stripe, log);
  return { service, webhook: new BillingWebhook(repository, service, stripe, log) };
}
