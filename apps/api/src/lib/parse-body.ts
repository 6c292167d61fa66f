import type { z } from 'zod';
import { HttpError } from './http-error.js';

/**
 * Validates a request body with a contracts schema; the first problem becomes a 422 detail.
 * The schemas carry messages written for people, so the message goes out as it is.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(typeof body === 'object' && body !== null ? body : {});
  if (result.success) return result.data;
  throw new HttpError(422, result.error.issues[0]?.message ?? 'Invalid request');
}
