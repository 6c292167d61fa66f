import type { User } from '@sitezip/contracts';
import type { UserRow } from '../../db/schema.js';

/** The user as the API shows it (the contracts' User): never the password hash. */
export function toUserView(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subscription_status: row.subscriptionStatus,
    created_at: row.createdAt.toISOString(),
  };
}
