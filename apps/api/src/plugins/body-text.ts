import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.js';

// Our bodies are flat objects; deeper structures only cost time to walk.
const MAX_DEPTH = 32;
// A UTF-16 surrogate without its partner: not text, and no UTF-8 encoding exists for it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a parsed request body cannot be taken as text, or undefined when it can. PostgreSQL
 * (and PGlite) refuse NUL in text columns, and a lone surrogate would be stored as U+FFFD —
 * so two different inputs would become one. Keys count as much as values.
 */
export function bodyTextProblem(body: unknown): string | undefined {
  // Raw bodies (the Stripe webhook's) are bytes for their route to check, not text.
  if (Buffer.isBuffer(body)) return undefined;
  const pending: [unknown, number][] = [[body, 0]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, depth] = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'The request contains a NUL character, which is not allowed.';
      if (LONE_SURROGATE.test(value)) return 'The request contains invalid Unicode (an unpaired surrogate).';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_DEPTH) return 'The request body is nested too deeply.';
      for (const [key, child] of Object.entries(value)) pending.push([key, depth + 1], [child, depth + 1]);
    }
  }
  return undefined;
}

/**
 * Every route gets bodies that are text the database can hold: checked once here, after
 * parsing and before any handler, instead of in each route's schema.
 */
export function refuseBadBodyText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = bodyTextProblem(request.body);
    if (problem) throw new HttpError(400, problem);
  });
}
