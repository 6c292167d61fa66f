import type { DownloadRequest } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';
import { parseJobView, type JobView } from './job-view';

export interface CreateJobOptions {
  /** Sent as a Bearer token, so the job runs under the user's plan; omit for an anonymous job. */
  token?: string;
  signal?: AbortSignal;
}

/** `POST /jobs`: queues a capture and answers at once (202) with the job. */
export async function createJob(request: DownloadRequest, options: CreateJobOptions = {}): Promise<JobView> {
  const { body } = await apiRequest('/jobs', { method: 'POST', json: request, ...options });
  return parseJobView(body);
}
