import { apiRequest } from '../../../lib/api-client';
import { parseJobView, type JobView } from './job-view';

/** `GET /jobs/:id`: the job as it stands now. */
export async function getJob(id: string, signal?: AbortSignal): Promise<JobView> {
  const { body } = await apiRequest(`/jobs/${encodeURIComponent(id)}`, { signal });
  return parseJobView(body);
}
