import { isFinalStatus, type User } from '@sitezip/contracts';
import type { JobRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { CancelTokens } from './cancel-tokens.js';
import type { JobEvents } from './job-events.js';
import type { JobQueue } from './job-queue.js';
import type { JobsRepository } from './jobs-repository.js';

export interface CancelRequest {
  jobId: string;
  /** The signed-in caller, if a Bearer token was sent. */
  user: User | undefined;
  /** The token `POST /jobs` returned to the job's creator. */
  cancelToken: string | undefined;
}

/** What happens once a job is over, whoever ended it (its runner, or a cancel). */
export type AfterJob = (row: JobRow) => Promise<void>;

/**
 * Cancels a queued or running job for its owner: the row is marked cancelled first (its slot is
 * free at once and no runner will claim it), then whoever runs it is told to stop.
 */
export class JobCanceller {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly queue: JobQueue,
    private readonly events: JobEvents,
    private readonly tokens: CancelTokens,
    private readonly afterJob: AfterJob,
  ) {}

  async cancel(request: CancelRequest): Promise<JobRow> {
    const row = await this.jobs.get(request.jobId);
    if (!row) throw new HttpError(404, 'This download does not exist.');
    const owner = request.user !== undefined && row.ownerId === request.user.id;
    if (!owner && !this.tokens.verify(row.id, request.cancelToken)) {
      throw new HttpError(403, 'You can only cancel downloads you started.');
    }
    if (row.status === 'cancelled') return row;
    if (isFinalStatus(row.status)) throw new HttpError(409, 'This download has already finished.');
    const cancelled = await this.jobs.markCancelled(row.id);
    if (!cancelled) {
      const now = await this.jobs.get(row.id);
      if (now?.status === 'cancelled') return now;
      throw new HttpError(409, 'This download has already finished.');
    }
    this.events.publish(row.id, { type: 'cancel' });
    this.events.publish(row.id, { type: 'finished' });
    await this.queue.discard(row.id);
    await this.afterJob(cancelled);
    return cancelled;
  }
}
