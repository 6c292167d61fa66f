import { cancelJobRequestSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../lib/parse-body.js';
import type { AuthService } from '../auth/auth-service.js';
import type { JobCanceller } from './job-cancel.js';
import { isJobId } from './job-id.js';
import { toJobView } from './job-view.js';
import { HttpError } from '../../lib/http-error.js';

export interface CancelRoutesDeps {
  auth: AuthService;
  canceller: JobCanceller;
}

/** `POST /jobs/:id/cancel`: by the signed-in owner (Bearer) or with the job's cancel token. */
export async function cancelRoutes(app: FastifyInstance, deps: CancelRoutesDeps): Promise<void> {
  app.post<{ Params: { id: string } }>('/jobs/:id/cancel', async (request) => {
    if (!isJobId(request.params.id)) throw new HttpError(404, 'This download does not exist.');
    const body = parseBody(cancelJobRequestSchema, request.body);
    const user = await deps.auth.optionalUser(request.headers.authorization);
    const row = await deps.canceller.cancel({ jobId: request.params.id, user, cancelToken: body.cancel_token });
    return toJobView(row);
  });
}
