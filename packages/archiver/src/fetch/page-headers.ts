import { extraHeaderProblem } from './extra-headers.js';

// Which headers a page's own script set on a request the fetcher sends on its behalf: the body's
// Content-Type, jQuery's X-Requested-With, API versions and keys in `x-*`, GraphQL clients' names,
// the Origin the browser adds to a POST (servers' CSRF checks look at it). Everything else is the
// engine's: the connection (Host, Content-Length), cookies (the fetcher's jar; a script's
// document.cookie never leaves), credentials (the person's, for their own site only, never a
// page's Authorization), and what would make a POST act as another method or come from elsewhere.
// Next.js's router asks its server for a page's RSC payload rather than its HTML with `RSC: 1`
// and says which part with the `Next-Router-*` and `Next-Url` headers (the `_rsc` query keeps
// the answers' addresses apart): without them a Next.js server answers its HTML. htmx says its
// request is its own with `HX-Request` and names its target (`HX-Target`, `HX-Trigger`...): a
// server then answers the part to swap in, where without them it answers the whole page.

const ALLOWED = new Set([
  'content-type',
  'origin',
  'apollographql-client-name',
  'apollographql-client-version',
  'apollo-require-preflight',
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
]);

const REFUSED_X = /^x-(http-method|http-method-override|method-override|forwarded(-.*)?|real-ip|client-ip|original-(url|host)|rewrite-url|host)$/;

/** The headers of `headers` (lower-case names, as the browser reports them) the fetcher may send. */
export function pageHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [raw, value] of Object.entries(headers)) {
    const name = raw.toLowerCase();
    const allowed = ALLOWED.has(name) || name.startsWith('hx-') || (name.startsWith('x-') && !REFUSED_X.test(name));
    if (allowed && extraHeaderProblem([name, value]) === undefined) out[name] = value;
  }
  return out;
}
