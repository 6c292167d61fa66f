import * as z from 'zod/mini';
import { urlPatternProblem } from './crawl/url-patterns.js';

const patternSchema = z.string().check(
  z.superRefine((pattern, ctx) => {
    const problem = urlPatternProblem(pattern);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: pattern });
  }),
);

/** Which pages a site capture follows, as globs on the URL path (see crawl/url-patterns.ts). */
export const urlPatternOptions = {
  /** When any: only pages whose path matches one of these are followed (the start page always is). */
  include: z._default(z.array(patternSchema), []),
  /** Pages whose path matches one of these are not followed, whatever `include` says. */
  exclude: z._default(z.array(patternSchema), []),
};
