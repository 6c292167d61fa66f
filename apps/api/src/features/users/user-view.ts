import type { UserRow } from '../../db/schema.js';

/** The user as the API shows it: `{id, name, email, subscription_status, created_at}`. */
export interface UserView {
  id: string;
  name: string;
  email: string;
  subscription_status: string | null;
  created_at: string;
}

export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subscription_status: row.subscriptionStatus,
    created_at: row.createdAt.toISOString(),
  };
}
