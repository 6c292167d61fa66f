import { apiRequest } from '../../../lib/api-client';

/** `DELETE /account`: the account, its downloads and (when subscribed) the Stripe subscription. */
export async function deleteAccount(token: string, password: string): Promise<void> {
  await apiRequest('/account', { method: 'DELETE', token, json: { password } });
}
