import type { CancelJobRequest } from '@sitezip/contracts';
import { apiRequest } from '../../../lib/api-client';
import { parseJobView, type JobView } from './job-view';

export interface CancelJobOptions {
  /** The token `POST /jobs` returned; an anonymous creator's only proof. */
  cancelToken: string;
  /** A signed-in owner's Bearer token. */
  token?: string | undefined;
}

/** `POST /jobs/:id/cancel`: stops the job and answers with it, now cancelled. */
export async function cancelJob(jobId: string, { cancelToken, token }: CancelJobOptions): Promise<JobView> {
  const json: CancelJobRequest = { cancel_token: cancelToken };
  const { body } = await apiRequest(`/jobs/${encodeURIComponent(jobId)}/cancel`, { method: 'POST', json, ...(token ? { token } : {}) });
  return parseJobView(body);
}
