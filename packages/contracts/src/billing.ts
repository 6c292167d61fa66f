import { z } from 'zod';
import { plans } from './plans.js';

/** The plans that can be bought. */
export const paidPlans = ['monthly', 'yearly'] as const;
export type PaidPlan = (typeof paidPlans)[number];

/** Shown when the server has no Stripe settings (503 on every billing call). */
export const PAYMENTS_NOT_SET_UP = 'Payments are not set up on this server.';

/** `POST /billing/checkout`. */
export const checkoutRequestSchema = z.object({
  plan: z.enum(paidPlans, { error: 'plan must be monthly or yearly' }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** `POST /billing/checkout` and `POST /billing/portal`: where to send the browser (Stripe's pages). */
export const redirectResponseSchema = z.object({ url: z.string().url() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/** `GET /billing`: the signed-in user's plan as billing knows it. */
export const billingStateSchema = z.object({
  /** Whether this server takes payments (Stripe settings present). */
  payments_enabled: z.boolean(),
  plan: z.enum(plans),
  /** Stripe's subscription status (active, past_due, canceled...), null without a subscription. */
  status: z.string().nullable(),
  /** ISO date-time the current period ends: the plan renews then, or ends when `cancel_at_period_end`. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** The latest invoice of the subscription failed and has not been paid since. */
  payment_failed: z.boolean(),
  /** The user has a Stripe customer, so the customer portal can open. */
  can_manage: z.boolean(),
});
export type BillingState = z.infer<typeof billingStateSchema>;
