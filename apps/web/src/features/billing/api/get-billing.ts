import { billingStateSchema, type BillingState } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `GET /billing`: the signed-in user's plan, its dates and payment state. */
export async function getBilling(token: string, signal?: AbortSignal): Promise<BillingState> {
  const { body } = await apiRequest('/billing', { token, signal });
  return billingStateSchema.parse(body);
}
