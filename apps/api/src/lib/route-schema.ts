import { errorBodySchema } from '@sitezip/contracts';
import type { z } from 'zod';

/** What each error status means on this API; every error body is `{"detail": "..."}`. */
const ERROR_MEANINGS = {
  400: 'Malformed request: the body is not valid JSON, or holds text no database can store (NUL, unpaired surrogates).',
  401: 'Not signed in: the Bearer token is missing, malformed, expired or its user is gone.',
  403: 'Not allowed on your plan.',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  410: 'Expired: the file was deleted.',
  413: 'Too large.',
  415: 'Unsupported Content-Type: send application/json.',
  416: 'Requested range not satisfiable.',
  422: 'Invalid input; `detail` says what to fix, in words for people.',
  429: 'Too many requests: a rate or concurrency limit was reached.',
  500: 'Internal error (details are logged, never sent).',
  502: 'The site could not be downloaded (it blocks automated downloads, or answered with an error).',
  503: 'The server is busy or the download was cancelled.',
  504: 'The download ran out of time (timeout).',
} as const;

export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** Route tags, in the order the docs list them. */
export const API_TAGS = [
  { name: 'auth', description: 'Accounts and sessions' },
  { name: 'downloads', description: 'Downloads (jobs): create, follow, fetch the ZIP and its preview' },
  { name: 'history', description: 'Download history and bulk downloads (yearly)' },
  { name: 'billing', description: 'Plans bought through Stripe: checkout, customer portal, webhook' },
  { name: 'account', description: "The signed-in user's own account" },
  { name: 'admin', description: 'Operator calls of `npm run admin` (token in DATA_DIR)' },
  { name: 'system', description: 'Health' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/** A response documented by content type (a file, an event stream) rather than as JSON. */
export interface ContentResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export interface RouteDoc {
  summary: string;
  description?: string;
  tag: ApiTag;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
  /** Success responses by status. */
  response: Record<number, z.ZodType | ContentResponse>;
  /** The error statuses this route answers with; 500 is always added, and 400/415 when there is a body. */
  errors: readonly ErrorStatus[];
  /** `bearer`: needs a token; `optional-bearer`: works without one, with one runs as the user; `admin`: X-Admin-Token. */
  auth?: 'bearer' | 'optional-bearer' | 'admin';
}

const SECURITY = {
  bearer: [{ bearerAuth: [] }],
  'optional-bearer': [{}, { bearerAuth: [] }],
  admin: [{ adminToken: [] }],
} as const;

const errorResponse = (status: ErrorStatus) => ({
  description: ERROR_MEANINGS[status],
  content: { 'application/json': { schema: errorBodySchema } },
});
type ErrorResponses = { [S in ErrorStatus]?: ReturnType<typeof errorResponse> };

/**
 * A route's `schema`: what fastify validates with (the contracts' zod schemas) and what the
 * OpenAPI document at /docs shows, in one object.
 *
 *     app.post('/things', { schema: routeSchema({ summary: 'Create a thing', tag: 'downloads',
 *       body: thingSchema, response: { 201: thingViewSchema }, errors: [401, 422] }) }, handler)
 */
export function routeSchema<const D extends RouteDoc>(doc: D) {
  const { summary, description, tag, errors, auth, response, ...parts } = doc;
  const statuses = new Set<ErrorStatus>([...errors, 500]);
  if (doc.body) [400, 415].forEach((status) => statuses.add(status as ErrorStatus));
  const errorResponses: ErrorResponses = {};
  for (const status of [...statuses].sort()) errorResponses[status] = errorResponse(status);
  return {
    summary,
    ...(description ? { description } : {}),
    tags: [tag],
    ...(auth ? { security: SECURITY[auth] } : {}),
    ...parts,
    response: { ...response, ...errorResponses } as D['response'] & ErrorResponses,
  };
}
