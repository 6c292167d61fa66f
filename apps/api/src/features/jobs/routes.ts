import rateLimit from '@fastify/rate-limit';
import {
  createdJobSchema,
  downloadRequestSchema,
  downloadResponseSchema,
  hasScheme,
  isFinalStatus,
  jobViewSchema,
  landingUrlMessages,
  validateUrl,
  type DownloadRequest,
  type JobEventData,
} from '@sitezip/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { sharedCounting, type RateLimitStore } from '../../lib/rate-limit-store.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { AuthService } from '../auth/auth-service.js';
import type { CancelTokens } from './cancel-tokens.js';
import type { JobEvents } from './job-events.js';
import { isJobId } from './job-id.js';
import { downloadResponse, toJobView } from './job-view.js';
import type { JobsRepository } from './jobs-repository.js';
import type { JobsService } from './jobs-service.js';
import { openSse } from './sse.js';

export interface JobRoutesDeps {
  config: Readonly<Config>;
  auth: AuthService;
  jobs: JobsRepository;
  service: JobsService;
  events: JobEvents;
  /** The creator's capability to cancel, returned once by `POST /jobs`. */
  cancelTokens: CancelTokens;
  limits?: RateLimitStore | undefined;
}

const FINAL_POLL_MS = 3_000;

const RATE_LIMITED = 'Anonymous callers are rate-limited per address; a Bearer token runs the download under the user\'s plan.';
const jobId = z.object({ id: z.string().describe('The job id (22 characters, base64url)') });

const downloadSchema = routeSchema({
  summary: 'Download a page as a ZIP (waits for it)',
  description: `Creates a job and answers when it ends, with the ZIP's link. Full Website (\`mode: "full"\`) needs a monthly or yearly plan. ${RATE_LIMITED}`,
  tag: 'downloads',
  auth: 'optional-bearer',
  body: downloadRequestSchema,
  response: { 200: downloadResponseSchema },
  errors: [401, 403, 413, 422, 429, 502, 503, 504],
});

const createJobSchema = routeSchema({
  summary: 'Start a download (job)',
  description: `Queues a capture and answers at once; follow it with GET /jobs/{id} or its events. ${RATE_LIMITED}`,
  tag: 'downloads',
  auth: 'optional-bearer',
  body: downloadRequestSchema,
  response: { 202: createdJobSchema },
  errors: [401, 403, 422, 429, 503],
});

const getJobSchema = routeSchema({
  summary: 'A job: status, progress, result or error',
  tag: 'downloads',
  params: jobId,
  response: { 200: jobViewSchema },
  errors: [404],
});

const jobEventsSchema = routeSchema({
  summary: "A job's progress as Server-Sent Events",
  description:
    'Events: `status` (the job, once), `progress` (its counters, at most ten a second), then `done` or `failed` with the job; then the stream ends.',
  tag: 'downloads',
  params: jobId,
  response: { 200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } } },
  errors: [404],
});

/** `POST /download` (the spec's synchronous call), `POST /jobs`, `GET /jobs/:id` and its events. */
export async function jobRoutes(app: FastifyInstance, deps: JobRoutesDeps): Promise<void> {
  const { auth, jobs, service, events } = deps;

  const createJob = async (request: FastifyRequest, body: DownloadRequest) => {
    // The web app's rule, checked again here: a missing scheme becomes https:// (and http:// is
    // tried when https cannot connect). The server answers in the landing page's words.
    const url = validateUrl(body.url, landingUrlMessages);
    if (!url.ok) throw new HttpError(422, url.message);
    const user = await auth.optionalUser(request.headers.authorization);
    return service.create({ url: url.url, httpFallback: !hasScheme(body.url), mode: body.mode, render: body.render, site: body.site, user, ip: request.ip });
  };

  await app.register(async (scope) => {
    // Anonymous visitors are limited per address; signed-in users by their plan's limits.
    await scope.register(rateLimit, {
      global: true,
      max: deps.config.anonymousRateLimit.max,
      timeWindow: deps.config.anonymousRateLimit.windowMs,
      allowList: async (request) => Boolean(request.headers.authorization),
      errorResponseBuilder: () => new HttpError(429, 'Too many downloads from your address. Please wait a while and try again.'),
      ...sharedCounting(deps.limits, 'downloads-ip'),
    });

    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post('/download', { schema: downloadSchema }, async (request) => {
      const created = await createJob(request, request.body);
      const row = await service.waitForFinish(created.id);
      const result = downloadResponse(row);
      if (!result) throw new HttpError(row.errorStatus ?? 500, row.error ?? 'Failed to generate download link.');
      return result;
    });

    routes.post('/jobs', { schema: createJobSchema }, async (request, reply) => {
      const row = await createJob(request, request.body);
      return reply.status(202).send({ ...toJobView(row), cancel_token: deps.cancelTokens.issue(row.id) });
    });
  });

  const findJob = async (id: string) => {
    const row = isJobId(id) ? await jobs.get(id) : undefined;
    if (!row) throw new HttpError(404, 'This download does not exist.');
    return row;
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/jobs/:id', { schema: getJobSchema }, async (request) => toJobView(await findJob(request.params.id)));

  routes.get('/jobs/:id/events', { schema: jobEventsSchema }, async (request, reply) => {
    const id = request.params.id;
    const initial = await findJob(id);
    const sse = openSse<JobEventData>(request, reply);
    let finished = false;
    const finish = async () => {
      if (finished) return;
      finished = true;
      const row = await jobs.get(id);
      if (row) sse.send(row.status === 'done' ? 'done' : 'failed', toJobView(row));
      sse.close();
    };
    // Progress arrives already thinned at its source (the capture process sends at most ten a
    // second), so each event is passed on as it comes.
    const unsubscribe = events.subscribe(id, (event) => {
      if (event.type === 'finished') return void finish();
      if (event.type === 'progress' && !finished) sse.send('progress', event.progress);
    });
    // Events across processes arrive a moment after subscribing; the database has the last word.
    const isFinal = async () => {
      const row = await jobs.get(id);
      return Boolean(row && isFinalStatus(row.status));
    };
    const poll = setInterval(() => void isFinal().then(async (final) => { if (final) await finish(); }), FINAL_POLL_MS);
    sse.onClose(() => {
      clearInterval(poll);
      unsubscribe();
    });
    sse.send('status', toJobView(initial));
    if (await isFinal()) await finish();
  });
}
