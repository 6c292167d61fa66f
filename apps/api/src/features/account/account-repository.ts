import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { bulks, jobs, users, type UserRow } from '../../db/schema.js';

/** The changes a user makes to their own account. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  async rename(userId: string, name: string): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set({ name }).where(eq(users.id, userId)).returning();
    return row;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async jobIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.ownerId, userId));
    return rows.map((row) => row.id);
  }

  async unfinishedJobIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.ownerId, userId), inArray(jobs.status, ['queued', 'running'])));
    return rows.map((row) => row.id);
  }

  async bulkIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db.select({ id: bulks.id }).from(bulks).where(eq(bulks.ownerId, userId));
    return rows.map((row) => row.id);
  }

  /** Deletes the user, their jobs and (by cascade) their subscriptions, in one transaction. */
  async deleteUser(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(jobs).where(eq(jobs.ownerId, userId));
      await tx.delete(users).where(eq(users.id, userId));
    });
  }
}
