import { urlPatternProblem } from '@sitezip/archiver';
import { isFinalStatus, planLimits, planOf, type DownloadMode, type RenderMode, type SiteRequest, type User } from '@sitezip/contracts';
import type { JobRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { JobEvents } from './job-events.js';
import { newJobId } from './job-id.js';
import { queuePriority, type JobQueue } from './job-queue.js';
import type { JobsRepository } from './jobs-repository.js';

const MAX_ATTEMPTS = 2;
const FINISH_POLL_MS = 2_000;

export interface NewJobRequest {
  url: string;
  /** The URL was typed without a scheme (https:// was added): http:// may be tried. */
  httpFallback?: boolean;
  mode: DownloadMode;
  render?: RenderMode | undefined;
  /** How far a Full Website download goes (premium users' choices). */
  site?: SiteRequest | undefined;
  user: User | undefined;
  /** Counts anonymous jobs per address. */
  ip: string;
}

/** Creating jobs within the plan's limits, waiting for them, and recovering after a restart. */
export class JobsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly queue: JobQueue,
    private readonly events: JobEvents,
    private readonly queueMax: number,
    /** Turns an address into the keyed hash that anonymous jobs are counted by. */
    private readonly requesterOf: (ip: string) => string,
  ) {}

  async create(request: NewJobRequest): Promise<JobRow> {
    const plan = planOf(request.user?.subscription_status);
    const limits = planLimits[plan];
    if (request.mode === 'full' && !limits.fullWebsite) {
      throw new HttpError(403, 'Full Website downloads need a premium plan (monthly or yearly).');
    }
    if (request.site && request.mode !== 'full') throw new HttpError(422, 'Crawl options (site) need mode "full".');
    const patternProblem = request.site?.exclude?.map(urlPatternProblem).find(Boolean);
    if (patternProblem) throw new HttpError(422, `exclude: ${patternProblem}`);
    const whose = request.user ? { ownerId: request.user.id } : { requester: this.requesterOf(request.ip) };
    const active = await this.jobs.activeCount(whose);
    if (active >= limits.maxConcurrentJobs) {
      throw new HttpError(429, `You already have ${active} downloads in progress. Please wait for one to finish.`);
    }
    if ((await this.queue.waitingCount()) >= this.queueMax) {
      throw new HttpError(503, 'The server is busy right now. Please try again in a minute.');
    }
    const row = await this.jobs.create({
      id: newJobId(),
      ownerId: request.user?.id ?? null,
      requester: 'requester' in whose ? whose.requester : null,
      url: request.url,
      httpFallback: request.httpFallback ?? false,
      mode: request.mode,
      render: request.render ?? 'auto',
      siteOptions: request.site ?? null,
      plan,
    });
    await this.queue.enqueue(row.id, queuePriority(plan));
    return row;
  }

  /**
   * Resolves with the job once it is done or failed. Events bring the news at once; a slow
   * poll of the database backs them up (a subscription across processes starts a moment late).
   */
  async waitForFinish(jobId: string): Promise<JobRow> {
    return new Promise<JobRow>((resolve, reject) => {
      let settled = false;
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearInterval(poll);
        unsubscribe();
        action();
      };
      const check = () =>
        this.jobs.get(jobId).then((row) => {
          if (!row) return finish(() => reject(new HttpError(404, 'This download does not exist.')));
          if (isFinalStatus(row.status)) finish(() => resolve(row));
        }, (error: unknown) => finish(() => reject(error)));
      const unsubscribe = this.events.subscribe(jobId, (event) => {
        if (event.type === 'finished') void check();
      });
      const poll = setInterval(() => void check(), FINISH_POLL_MS);
      void check();
    });
  }

  /**
   * After a restart nothing may stay "running": jobs that were running are retried once,
   * then failed with a clear message; queued jobs are queued again, oldest first.
   */
  async recover(): Promise<{ requeued: number; failed: number }> {
    let requeued = 0;
    let failed = 0;
    for (const row of await this.jobs.unfinished()) {
      if (row.status === 'running' && row.attempts >= MAX_ATTEMPTS) {
        await this.jobs.markFailed(row.id, 'The server restarted while this download was running. Please try again.', 503);
        this.events.publish(row.id, { type: 'finished' });
        failed++;
        continue;
      }
      if (row.status === 'running') await this.jobs.requeue(row.id);
      await this.queue.enqueue(row.id, queuePriority(row.plan));
      requeued++;
    }
    return { requeued, failed };
  }

}
