import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { jobs, type JobRow } from '../../db/schema.js';

const ACTIVE = ['queued', 'running'] as const;

/** A signed-in user's jobs, newest first: the download history. */
export class HistoryRepository {
  constructor(private readonly db: Db) {}

  async page(ownerId: string, offset: number, limit: number): Promise<{ rows: JobRow[]; total: number }> {
    const mine = eq(jobs.ownerId, ownerId);
    const [rows, [counted]] = await Promise.all([
      this.db.select().from(jobs).where(mine).orderBy(desc(jobs.createdAt), desc(jobs.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(jobs).where(mine),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** Every running or queued job of the owner and their `recent` latest finished ones, newest first. */
  async limited(ownerId: string, recent: number): Promise<JobRow[]> {
    const mine = eq(jobs.ownerId, ownerId);
    const [active, finished] = await Promise.all([
      this.db.select().from(jobs).where(and(mine, inArray(jobs.status, [...ACTIVE]))),
      this.db
        .select()
        .from(jobs)
        .where(and(mine, notInArray(jobs.status, [...ACTIVE])))
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(recent),
    ]);
    return [...active, ...finished].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  }

  async getOwned(id: string, ownerId: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.ownerId, ownerId))).limit(1);
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(jobs).where(eq(jobs.id, id));
  }
}
