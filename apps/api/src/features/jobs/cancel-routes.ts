import { cancelJobRequestSchema, jobViewSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeSchema } from '../../lib/route-schema.js';
import type { AuthService } from '../auth/auth-service.js';
import type { JobCanceller } from './job-cancel.js';
import { isJobId } from './job-id.js';
import { toJobView } from './job-view.js';
import { HttpError } from '../../lib/http-error.js';

export interface CancelRoutesDeps {
  auth: AuthService;
  canceller: JobCanceller;
}

const cancelSchema = routeSchema({
  summary: 'Cancel a download',
  description:
    'Stops a queued or running download at once and frees its slot. The signed-in owner sends their Bearer token; an anonymous creator sends the `cancel_token` that `POST /jobs` returned.',
  tag: 'downloads',
  auth: 'optional-bearer',
  params: z.object({ id: z.string().describe('The job id') }),
  body: cancelJobRequestSchema,
  response: { 200: jobViewSchema },
  errors: [401, 403, 404, 409, 422],
});

/** `POST /jobs/:id/cancel`: by the signed-in owner (Bearer) or with the job's cancel token. */
export async function cancelRoutes(app: FastifyInstance, deps: CancelRoutesDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/jobs/:id/cancel', { schema: cancelSchema }, async (request) => {
    if (!isJobId(request.params.id)) throw new HttpError(404, 'This download does not exist.');
    const { body } = request;
    const user = await deps.auth.optionalUser(request.headers.authorization);
    const row = await deps.canceller.cancel({ jobId: request.params.id, user, cancelToken: body.cancel_token });
    return toJobView(row);
  });
}
