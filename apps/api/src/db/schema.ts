import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// One schema for PGlite and PostgreSQL 15: keep to features both have.
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** As the user typed it, trimmed; compared case-insensitively through the index below. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** null/"free", "monthly" or "yearly". */
    subscriptionStatus: text('subscription_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
