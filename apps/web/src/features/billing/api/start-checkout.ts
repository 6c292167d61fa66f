import { redirectResponseSchema, type PaidPlan } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `POST /billing/checkout`: the address of Stripe's checkout page for the plan. */
export async function startCheckout(token: string, plan: PaidPlan): Promise<string> {
  const { body } = await apiRequest('/billing/checkout', { method: 'POST', token, json: { plan } });
  return redirectResponseSchema.parse(body).url;
}
