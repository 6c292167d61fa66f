import type { CaptureProgress } from '@sitezip/archiver';
import { JOB_CANCELLED_MESSAGE, type DownloadMode, type JobStatus, type RenderMode, type SiteRequest } from '@sitezip/contracts';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { jobs, type JobResult, type JobRow } from '../../db/schema.js';

export interface NewJob {
  id: string;
  ownerId: string | null;
  requester?: string | null;
  url: string;
  httpFallback?: boolean;
  mode: DownloadMode;
  render?: RenderMode;
  siteOptions?: SiteRequest | null;
  plan: string;
  bulkId?: string | null;
  bulkIndex?: number | null;
  held?: boolean;
}

const ACTIVE: JobStatus[] = ['queued', 'running'];

/** Jobs in the database: the one record of what was asked, what runs and what it produced. */
export class JobsRepository {
  constructor(private readonly db: Db) {}

  async create(job: NewJob): Promise<JobRow> {
    const [row] = await this.db.insert(jobs).values({ ...job, status: 'queued' }).returning();
    return row!;
  }

  async get(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    return row;
  }

  /**
   * Claims a job that is not finished. A job still marked running is claimed too: the queue
   * hands a job to one runner at a time, so "running" here means its last runner died.
   */
  async markRunning(id: string): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ status: 'running', startedAt: new Date(), attempts: sql`${jobs.attempts} + 1` })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE), eq(jobs.held, false)))
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  /** The job's address after https gave way to http (see http-fallback.ts). */
  async setUrl(id: string, url: string): Promise<void> {
    await this.db.update(jobs).set({ url }).where(eq(jobs.id, id));
  }

  async saveProgress(id: string, progress: CaptureProgress): Promise<void> {
    await this.db.update(jobs).set({ progress }).where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
  }

  async markDone(id: string, result: JobResult, expiresAt: Date): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'done', result, finishedAt: new Date(), expiresAt, requester: null })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
      .returning();
    return row;
  }

  async markFailed(id: string, error: string, errorStatus: number): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'failed', error, errorStatus, finishedAt: new Date(), requester: null, held: false })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE)))
      .returning();
    return row;
  }

  async requeue(id: string): Promise<void> {
    await this.db.update(jobs).set({ status: 'queued', startedAt: null }).where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE)));
  }

  /** Cancels a job that is queued or running; undefined when it had already finished. */
  async markCancelled(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .update(jobs)
      .set({ status: 'cancelled', error: JOB_CANCELLED_MESSAGE, errorStatus: 409, finishedAt: new Date(), requester: null, held: false })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE)))
      .returning();
    return row;
  }

  /** Jobs that were queued (and handed to the run queue) or running when the process stopped, oldest first. */
  unfinished(): Promise<JobRow[]> {
    return this.db
      .select()
      .from(jobs)
      .where(and(inArray(jobs.status, ACTIVE), eq(jobs.held, false)))
      .orderBy(asc(jobs.createdAt));
  }

  /** Jobs queued or running for a signed-in owner, or for an anonymous requester's hash. */
  async activeCount(by: { ownerId: string } | { requester: string }): Promise<number> {
    const whose = 'ownerId' in by ? eq(jobs.ownerId, by.ownerId) : eq(jobs.requester, by.requester);
    const [row] = await this.db.select({ n: count() }).from(jobs).where(and(whose, inArray(jobs.status, ACTIVE)));
    return row?.n ?? 0;
  }

  /** Finished jobs whose files are past their expiry. */
  expired(now: Date): Promise<JobRow[]> {
    return this.db.select().from(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.expiresAt, now)));
  }

  async markExpired(id: string): Promise<void> {
    await this.db.update(jobs).set({ status: 'expired' }).where(eq(jobs.id, id));
  }
}
