import { userSchema, type User } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';

/** `PATCH /account`: renames the signed-in user; answers with the user. */
export async function updateName(token: string, name: string): Promise<User> {
  const { body } = await apiRequest('/account', { method: 'PATCH', token, json: { name } });
  return userSchema.parse(body);
}
