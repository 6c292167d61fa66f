import { dashboardUrlMessages, planLimits, planOf, validateUrl, type BulkRequest, type User } from '@sitezip/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { BulkRow, JobRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { FileStore } from '../files/file-store.js';
import type { HeldJobs } from '../jobs/held-jobs.js';
import { newJobId } from '../jobs/job-id.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { BulksRepository } from './bulks-repository.js';
import { writeCombinedZip, type CombinedSite } from './combined-zip.js';

export interface BulkServiceDeps {
  bulks: BulksRepository;
  held: HeldJobs;
  queue: JobQueue;
  store: FileStore;
  queueMax: number;
  fileTtlMs: number;
  log: FastifyBaseLogger;
}

/**
 * Yearly bulk downloads: one job per site, run within the owner's concurrent slots (the rest wait
 * held), then one combined ZIP built by whoever sees the last of its jobs end.
 */
export class BulkService {
  constructor(private readonly deps: BulkServiceDeps) {}

  async create(user: User, request: BulkRequest): Promise<BulkRow> {
    const { bulks, held, queue } = this.deps;
    const plan = planOf(user.subscription_status);
    const limits = planLimits[plan];
    if (limits.bulkSites === 0) {
      throw new HttpError(403, 'Bulk download is part of the Yearly plan. Upgrade to Yearly to download several sites at once.');
    }
    if (request.urls.length > limits.bulkSites) {
      throw new HttpError(422, `You can download up to ${limits.bulkSites} sites at once (you sent ${request.urls.length}).`);
    }
    if (request.mode === 'full' && !limits.fullWebsite) {
      throw new HttpError(403, 'Full Website downloads need a premium plan (monthly or yearly).');
    }
    const urls = request.urls.map((raw, i) => {
      const checked = validateUrl(raw, dashboardUrlMessages);
      if (!checked.ok) throw new HttpError(422, `Line ${i + 1}: ${checked.message}`);
      return checked.url;
    });
    if (await bulks.hasRunning(user.id)) {
      throw new HttpError(429, 'Your previous bulk download is still running. Please wait for it to finish.');
    }
    if ((await queue.waitingCount()) + urls.length > this.deps.queueMax) {
      throw new HttpError(503, 'The server is busy right now. Please try again in a minute.');
    }
    const row = await bulks.create(
      { id: newJobId(), ownerId: user.id, mode: request.mode },
      urls.map((url) => ({ id: newJobId(), url, plan })),
    );
    await held.release(user.id);
    return row;
  }

  /** After one of its jobs ended: the last one to end builds the combined ZIP. */
  async jobEnded(job: JobRow): Promise<void> {
    if (job.bulkId) await this.complete(job.bulkId);
  }

  /** Builds the combined ZIP once every job of the bulk is over; a no-op before that, or if another process won. */
  async complete(bulkId: string, { reclaim = false } = {}): Promise<void> {
    const { bulks, store, log } = this.deps;
    const jobs = await bulks.jobsOf(bulkId);
    if (jobs.some((j) => j.status === 'queued' || j.status === 'running')) return;
    if (!reclaim && !(await bulks.claim(bulkId))) return;
    const sites: CombinedSite[] = jobs.map((j) => ({
      url: j.url,
      zipId: j.status === 'done' ? j.id : null,
      note: j.status === 'done' ? null : (j.error ?? j.status),
    }));
    if (!sites.some((s) => s.zipId)) {
      await bulks.markFailed(bulkId, 'None of the sites could be downloaded.');
      return;
    }
    try {
      const bytes = await writeCombinedZip(store, bulkId, sites);
      await bulks.markDone(bulkId, bytes, new Date(Date.now() + this.deps.fileTtlMs));
      log.info({ bulkId, sites: sites.length, bytes }, 'bulk zip done');
    } catch (error) {
      log.error({ err: error, bulkId }, 'bulk zip failed');
      await bulks.markFailed(bulkId, 'The combined ZIP could not be built. The separate ZIPs are still available.');
    }
  }

  /** After a restart: bulks whose jobs all ended while nobody built their ZIP, or whose build was cut short. */
  async resume(): Promise<void> {
    for (const bulk of await this.deps.bulks.unfinished()) await this.complete(bulk.id, { reclaim: bulk.status === 'zipping' });
  }

  /** Deletes combined ZIPs past their expiry. */
  async sweep(now: Date): Promise<number> {
    let deleted = 0;
    for (const bulk of await this.deps.bulks.expired(now)) {
      await this.deps.store.delete(bulk.id);
      await this.deps.bulks.markExpired(bulk.id);
      deleted++;
    }
    return deleted;
  }
}
