import { planLimits, planOf } from '@sitezip/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { jobs } from '../../db/schema.js';
import { queuePriority } from './job-queue.js';

/**
 * Bulk jobs beyond their owner's concurrent slots are held: queued in the database but not yet
 * in the run queue. Each time one of the owner's jobs ends, held jobs are handed to the queue
 * until the owner's slots are full again, oldest first.
 */
export class HeldJobs {
  constructor(
    private readonly db: Db,
    private readonly enqueue: (jobId: string, priority: number) => Promise<void>,
  ) {}

  /** Hands the owner's held jobs to the run queue as far as their free slots allow. */
  async release(ownerId: string): Promise<string[]> {
    const released = await this.db.transaction(async (tx) => {
      // One release per owner at a time, across API processes and workers: two jobs ending
      // together must not both fill the same free slot.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`held:${ownerId}`}))`);
      const held = await tx
        .select({ id: jobs.id, plan: jobs.plan })
        .from(jobs)
        .where(and(eq(jobs.ownerId, ownerId), eq(jobs.status, 'queued'), eq(jobs.held, true)))
        .orderBy(asc(jobs.createdAt), asc(jobs.bulkIndex));
      if (held.length === 0) return [];
      const [active] = await tx
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.ownerId, ownerId), inArray(jobs.status, ['queued', 'running']), eq(jobs.held, false)));
      const free = planLimits[planOf(held[0]!.plan)].maxConcurrentJobs - (active?.n ?? 0);
      if (free <= 0) return [];
      const next = held.slice(0, free);
      await tx.update(jobs).set({ held: false }).where(inArray(jobs.id, next.map((j) => j.id)));
      return next;
    });
    for (const job of released) await this.enqueue(job.id, queuePriority(job.plan));
    return released.map((j) => j.id);
  }

  /** Owners with held jobs (after a restart, their slots are looked at again). */
  async owners(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ ownerId: jobs.ownerId })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), eq(jobs.held, true)));
    return rows.flatMap((r) => (r.ownerId ? [r.ownerId] : []));
  }
}
