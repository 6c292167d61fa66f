import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { stripeEvents, subscriptions, users, type SubscriptionRow, type UserRow } from '../../db/schema.js';
import type { SubscriptionFacts } from './subscription-plan.js';

/** Subscriptions whose billing has ended for good: nothing left to cancel. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

/** Billing records: a user's Stripe customer, their subscriptions, and the events already handled. */
export class BillingRepository {
  constructor(private readonly db: Db) {}

  /** Stores the customer unless the user already has one; returns the one that is stored. */
  async linkCustomer(userId: string, customerId: string): Promise<string | undefined> {
    await this.db
      .update(users)
      .set({ stripeCustomerId: customerId })
      .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
    const [row] = await this.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
    return row?.customerId ?? undefined;
  }

  async userByCustomer(customerId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
    return row;
  }

  /** Writes the subscription as Stripe has it now and returns all of the user's subscriptions. */
  async saveSubscription(userId: string, facts: SubscriptionFacts, paymentFailedAt: Date | null | undefined): Promise<SubscriptionRow[]> {
    const values = {
      userId,
      status: facts.status,
      priceId: facts.priceId,
      plan: facts.plan,
      currentPeriodEnd: facts.currentPeriodEnd,
      cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
      updatedAt: new Date(),
      // undefined keeps what is stored.
      ...(paymentFailedAt === undefined ? {} : { paymentFailedAt }),
    };
    await this.db.insert(subscriptions).values({ id: facts.id, ...values }).onConflictDoUpdate({ target: subscriptions.id, set: values });
    return this.subscriptionsOf(userId);
  }

  async setPlan(userId: string, plan: string): Promise<void> {
    await this.db.update(users).set({ subscriptionStatus: plan }).where(eq(users.id, userId));
  }

  /** The user's subscriptions, most recently changed first. */
  subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
    return this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.updatedAt));
  }

  /** Subscriptions that Stripe still bills or may bill. */
  openSubscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), notInArray(subscriptions.status, ENDED_STATUSES)));
  }

  /** Records an event id; false when it was recorded before (a replay or a redelivery). */
  async claimEvent(id: string, type: string): Promise<boolean> {
    const inserted = await this.db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    return inserted.length > 0;
  }

  /** Lets Stripe's next delivery of an event that failed here be handled. */
  async releaseEvent(id: string): Promise<void> {
    await this.db.delete(stripeEvents).where(eq(stripeEvents.id, id));
  }
}
