import { redirectResponseSchema } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `POST /billing/portal`: the address of Stripe's customer portal for this user. */
export async function openPortal(token: string): Promise<string> {
  const { body } = await apiRequest('/billing/portal', { method: 'POST', token });
  return redirectResponseSchema.parse(body).url;
}
