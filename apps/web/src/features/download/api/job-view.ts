import { createdJobSchema, jobProgressSchema, jobViewSchema, type JobProgress, type JobView as ServerJobView } from '@sitezip/contracts';

/** The fields of a job (`POST /jobs`, `GET /jobs/:id`, SSE `status`/`done`/`failed`) the web app reads. */
export type JobView = Pick<ServerJobView, 'id' | 'status' | 'progress' | 'result' | 'error'>;

const jobFieldsSchema = jobViewSchema.pick({ id: true, status: true, progress: true, result: true, error: true });

/** Thrown when a job body does not have the shape the contract gives it. */
export class JobContractError extends Error {
  override readonly name = 'JobContractError';
}

/** Reads a job body, checking what the app relies on; unknown extra fields are ignored. */
export function parseJobView(body: unknown): JobView {
  const parsed = jobFieldsSchema.safeParse(body);
  if (!parsed.success) throw new JobContractError('The job is not what GET /jobs/:id describes', { cause: parsed.error });
  const job = parsed.data;
  return { ...job, error: job.error?.trim() ? job.error : null };
}

/** A job just created, with the token that lets its creator cancel it. */
export type CreatedJobView = JobView & { cancelToken: string };

const createdFieldsSchema = createdJobSchema.pick({ cancel_token: true });

/** Reads the answer of `POST /jobs`: a job plus its cancel token. */
export function parseCreatedJob(body: unknown): CreatedJobView {
  const job = parseJobView(body);
  const parsed = createdFieldsSchema.safeParse(body);
  if (!parsed.success) throw new JobContractError('The new job has no cancel token', { cause: parsed.error });
  return { ...job, cancelToken: parsed.data.cancel_token };
}

/** Reads a progress body; counters that are missing or not numbers count as 0. */
export function parseJobProgress(body: unknown): JobProgress {
  const parsed = jobProgressSchema.safeParse(body);
  if (!parsed.success) throw new JobContractError('The progress is not an object', { cause: parsed.error });
  return parsed.data;
}
