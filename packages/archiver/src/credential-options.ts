import * as z from 'zod/mini';
import { extraHeaderProblem } from './fetch/extra-headers.js';

const cookieSchema = z.object({
  domain: z.string().check(z.minLength(1)),
  includeSubdomains: z.boolean(),
  path: z.string().check(z.startsWith('/')),
  secure: z.boolean(),
  httpOnly: z._default(z.boolean(), false),
  /** Unix time in seconds; 0 for a session cookie. */
  expires: z.number().check(z.minimum(0)),
  name: z.string().check(z.minLength(1)),
  value: z.string(),
});

const headerSchema = z.tuple([z.string(), z.string()]).check(
  z.superRefine((header, ctx) => {
    const problem = extraHeaderProblem(header);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: header });
  }),
);

/**
 * What a person gives to reach a site behind a login. Used for requests only: never written to
 * the ZIP, the manifest or a WARC, and never sent to another host.
 */
export const credentialOptions = {
  /**
   * Extra request headers (`[name, value]`), sent only to the start URL's host (its port
   * included), and not over http when the start URL is https. Those the engine owns (Host,
   * Connection, Content-Length, Accept-Encoding...) are refused.
   */
  headers: z._default(z.array(headerSchema), []),
  /**
   * Cookies to start with, as a cookies.txt file holds them (see fetch/netscape-cookies.ts):
   * sent like a browser would, where domain, path, Secure and expiry allow.
   */
  cookies: z._default(z.array(cookieSchema), []),
};
