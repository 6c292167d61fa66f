import type { DownloadMode } from '@sitezip/contracts';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { bulks, jobs, type BulkRow, type JobRow } from '../../db/schema.js';

export interface NewBulkJob {
  id: string;
  url: string;
  plan: string;
}

/** Bulk downloads and their jobs in the database. */
export class BulksRepository {
  constructor(private readonly db: Db) {}

  /** The bulk and its jobs in one transaction; every job starts held (its owner's slots decide when it runs). */
  async create(bulk: { id: string; ownerId: string; mode: DownloadMode }, sites: NewBulkJob[]): Promise<BulkRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(bulks).values({ ...bulk, status: 'running' }).returning();
      await tx.insert(jobs).values(
        sites.map((site, index) => ({
          ...site,
          ownerId: bulk.ownerId,
          mode: bulk.mode,
          status: 'queued' as const,
          bulkId: bulk.id,
          bulkIndex: index,
          held: true,
        })),
      );
      return row!;
    });
  }

  async get(id: string): Promise<BulkRow | undefined> {
    const [row] = await this.db.select().from(bulks).where(eq(bulks.id, id)).limit(1);
    return row;
  }

  /** The bulk's jobs in the order their URLs were given. */
  jobsOf(id: string): Promise<JobRow[]> {
    return this.db.select().from(jobs).where(eq(jobs.bulkId, id)).orderBy(asc(jobs.bulkIndex));
  }

  /** Whether the owner has a bulk whose combined ZIP is not made yet. */
  async hasRunning(ownerId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: bulks.id })
      .from(bulks)
      .where(and(eq(bulks.ownerId, ownerId), inArray(bulks.status, ['running', 'zipping'])))
      .limit(1);
    return rows.length > 0;
  }

  /** Bulks not finished yet (after a restart, each is looked at again). */
  unfinished(): Promise<BulkRow[]> {
    return this.db.select().from(bulks).where(inArray(bulks.status, ['running', 'zipping']));
  }

  /** Takes the bulk for building its combined ZIP; only one caller wins. */
  async claim(id: string): Promise<boolean> {
    const rows = await this.db
      .update(bulks)
      .set({ status: 'zipping' })
      .where(and(eq(bulks.id, id), eq(bulks.status, 'running')))
      .returning({ id: bulks.id });
    return rows.length === 1;
  }

  async markDone(id: string, zipBytes: number, expiresAt: Date): Promise<void> {
    await this.db.update(bulks).set({ status: 'done', zipBytes, finishedAt: new Date(), expiresAt }).where(eq(bulks.id, id));
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db.update(bulks).set({ status: 'failed', error, finishedAt: new Date() }).where(eq(bulks.id, id));
  }

  /** Done bulks whose combined ZIP is past its expiry. */
  expired(now: Date): Promise<BulkRow[]> {
    return this.db.select().from(bulks).where(and(eq(bulks.status, 'done'), lt(bulks.expiresAt, now)));
  }

  async markExpired(id: string): Promise<void> {
    await this.db.update(bulks).set({ status: 'expired' }).where(eq(bulks.id, id));
  }
}
