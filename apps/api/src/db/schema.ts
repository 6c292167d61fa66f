import type { CaptureProgress } from '@sitezip/archiver';
import type { DownloadMode, JobMetrics, JobStatus } from '@sitezip/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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


/** What a finished job produced. */
export interface JobResult {
  filename: string;
  zipBytes: number;
  files: number;
  failures: number;
  message: string;
  stoppedBy: string | null;
  metrics: JobMetrics;
}

export const jobs = pgTable(
  'jobs',
  {
    /** 128 random bits, base64url: the id is the capability to read the job and its files. */
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * For an anonymous job in progress, a keyed hash of the requester's address (never the
     * address): it counts their jobs across API processes, and is cleared when the job ends.
     */
    requester: text('requester'),
    url: text('url').notNull(),
    /** The address was typed without a scheme: when https cannot connect, http is tried. */
    httpFallback: boolean('http_fallback').notNull().default(false),
    mode: text('mode').$type<DownloadMode>().notNull(),
    /** The owner's plan when the job was created: it sets priority and limits. */
    plan: text('plan').notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    /** The latest counters of a running capture, as the engine gives them. */
    progress: jsonb('progress').$type<CaptureProgress>(),
    result: jsonb('result').$type<JobResult>(),
    error: text('error'),
    errorStatus: integer('error_status'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('jobs_status_idx').on(t.status), index('jobs_expires_at_idx').on(t.expiresAt), index('jobs_owner_idx').on(t.ownerId), index('jobs_requester_idx').on(t.requester)],
);

export type JobRow = typeof jobs.$inferSelect;
