import { z } from 'zod';

/** The user as the auth calls return it: `{id, name, email, subscription_status, created_at}`. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** null or "free" for free accounts; only "monthly" and "yearly" are premium. Absent reads as free. */
  subscription_status: z.string().nullable().default(null),
  /** ISO date-time. */
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;
