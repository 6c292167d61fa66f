import type { z } from 'zod';
import { HttpError } from './http-error.js';

/** Validates a request body with a contracts schema; the first problem becomes a 422 detail. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw new HttpError(422, field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid request'));
}
