import type { CaptureProgress } from '@sitezip/archiver';
import type { BulkStatus, DownloadMode, JobMetrics, JobStatus, RenderMode, SiteRequest } from '@sitezip/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    /** The user's Stripe customer, created on their first checkout. */
    stripeCustomerId: text('stripe_customer_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;

/** A user's Stripe subscription as the latest webhook found it; the plan on `users` follows it. */
export const subscriptions = pgTable('subscriptions', {
  /** Stripe's subscription id (sub_...). */
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete... */
  status: text('status').notNull(),
  priceId: text('price_id').notNull(),
  /** The plan the price buys; null for a price this server does not sell (any more). */
  plan: text('plan'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Set by invoice.payment_failed, cleared when the subscription is active again. */
  paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('subscriptions_user_idx').on(t.userId)]);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Stripe events already handled: Stripe delivers at least once, and replays must change nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Several sites submitted at once (Yearly): one job each, then one combined ZIP under the bulk's id. */
export const bulks = pgTable(
  'bulks',
  {
    /** Same form as a job id: the combined ZIP is stored under it. */
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<DownloadMode>().notNull(),
    status: text('status').$type<BulkStatus>().notNull(),
    zipBytes: bigint('zip_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('bulks_owner_idx').on(t.ownerId), index('bulks_expires_at_idx').on(t.expiresAt)],
);

export type BulkRow = typeof bulks.$inferSelect;


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
    /** Full Website: how far the crawl goes, as the user chose it (within the plan's limits). */
    siteOptions: jsonb('site_options').$type<SiteRequest>(),
    /** Render mode asked for: whether the capture loads pages in a browser first. */
    render: text('render').$type<RenderMode>().notNull().default('auto'),
    /** The owner's plan when the job was created: it sets priority and limits. */
    plan: text('plan').notNull(),
    status: text('status').$type<JobStatus>().notNull(),
    /** The latest counters of a running capture, as the engine gives them. */
    progress: jsonb('progress').$type<CaptureProgress>(),
    result: jsonb('result').$type<JobResult>(),
    error: text('error'),
    errorStatus: integer('error_status'),
    attempts: integer('attempts').notNull().default(0),
    /** The bulk download this job is part of. */
    bulkId: text('bulk_id').references(() => bulks.id, { onDelete: 'set null' }),
    /** Position of the job's URL in its bulk. */
    bulkIndex: integer('bulk_index'),
    /**
     * A bulk job beyond its owner's concurrent slots: queued in the database but not yet handed to
     * the run queue; released as the owner's other jobs finish.
     */
    held: boolean('held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('jobs_status_idx').on(t.status), index('jobs_expires_at_idx').on(t.expiresAt), index('jobs_owner_idx').on(t.ownerId), index('jobs_requester_idx').on(t.requester), index('jobs_bulk_idx').on(t.bulkId)],
);

export type JobRow = typeof jobs.$inferSelect;
