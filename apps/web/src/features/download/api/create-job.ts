import type { DownloadRequest } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';
import { parseCreatedJob, type CreatedJobView } from './job-view';

export interface CreateJobOptions {
  /** Sent as a Bearer token, so the job runs under the user's plan; omit for an anonymous job. */
  token?: string;
  signal?: AbortSignal;
}

/** `POST /jobs`: queues a capture and answers at once (202) with the job and its cancel token. */
export async function createJob(request: DownloadRequest, options: CreateJobOptions = {}): Promise<CreatedJobView> {
  const { body } = await apiRequest('/jobs', { method: 'POST', json: request, ...options });
  return parseCreatedJob(body);
}
