import rateLimit from '@fastify/rate-limit';
import { downloadRequestSchema, isFinalStatus, landingUrlMessages, validateUrl, type JobEventData } from '@sitezip/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { parseBody } from '../../lib/parse-body.js';
import { sharedCounting, type RateLimitStore } from '../../lib/rate-limit-store.js';
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

/** `POST /download` (the spec's synchronous call), `POST /jobs`, `GET /jobs/:id` and its events. */
export async function jobRoutes(app: FastifyInstance, deps: JobRoutesDeps): Promise<void> {
  const { auth, jobs, service, events } = deps;

  const createJob = async (request: FastifyRequest) => {
    const body = parseBody(downloadRequestSchema, request.body);
    // The web app's rule, checked again here: a missing scheme becomes https://. The server
    // answers in the landing page's words.
    const url = validateUrl(body.url, landingUrlMessages);
    if (!url.ok) throw new HttpError(422, url.message);
    const user = await auth.optionalUser(request.headers.authorization);
    return service.create({ url: url.url, mode: body.mode, render: body.render, user, ip: request.ip });
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

    scope.post('/download', async (request) => {
      const created = await createJob(request);
      const row = await service.waitForFinish(created.id);
      const result = downloadResponse(row);
      if (!result) throw new HttpError(row.errorStatus ?? 500, row.error ?? 'Failed to generate download link.');
      return result;
    });

    scope.post('/jobs', async (request, reply) => {
      const row = await createJob(request);
      return reply.status(202).send({ ...toJobView(row), cancel_token: deps.cancelTokens.issue(row.id) });
    });
  });

  const findJob = async (id: string) => {
    const row = isJobId(id) ? await jobs.get(id) : undefined;
    if (!row) throw new HttpError(404, 'This download does not exist.');
    return row;
  };

  app.get<{ Params: { id: string } }>('/jobs/:id', async (request) => toJobView(await findJob(request.params.id)));

  app.get<{ Params: { id: string } }>('/jobs/:id/events', async (request, reply) => {
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
