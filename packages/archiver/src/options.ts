import * as z from 'zod/mini';
import { credentialOptions } from './credential-options.js';

const MB = 1024 * 1024;

/** What "no limit" is for counts of pages and files: beyond what a capture's bytes and time allow. */
export const NO_LIMIT = 10_000_000;

// zod/mini: the same schemas, a fraction of the code to load when the CLI starts.
/**
 * Every knob of a capture with its default and bounds. Parsed once by {@link parseOptions};
 * everything past that point receives a complete, validated {@link ArchiveOptions}.
 */
export const archiveOptionsSchema = z.object({
  /** Connect to loopback, private and reserved addresses (tests, intranets). Off by default. */
  allowPrivateNetworks: z._default(z.boolean(), false),
  /**
   * Requests in flight per origin. Browsers open 6 HTTP/1.1 connections but multiplex 100+
   * streams over HTTP/2; a high start keeps a page's critical path short, and an origin that
   * answers 429/503 or drops connections gets half as many (see OriginScheduler).
   */
  connectionsPerOrigin: z._default(z.int().check(z.minimum(1), z.maximum(128)), 32),
  /** Requests in flight per origin that speaks HTTP/2: one connection carries them all. */
  streamsPerOrigin: z._default(z.int().check(z.minimum(1), z.maximum(256)), 100),
  /** Largest accepted response body, after decompression. */
  maxResourceBytes: z._default(z.int().check(z.positive()), 100 * MB),
  /** Capture stops adding files once this many bytes were saved. */
  maxTotalBytes: z._default(z.int().check(z.positive()), 1024 * MB),
  /** Most resources fetched for one capture (the page included). */
  maxResources: z._default(z.int().check(z.positive(), z.maximum(NO_LIMIT)), 5_000),
  /** Time to first response byte and longest pause between body chunks (one attempt). */
  requestTimeoutMs: z._default(z.int().check(z.positive()), 20_000),
  /**
   * Longest time one resource may take, all its attempts (retries, backoff) included, however
   * steadily it trickles: a server sending 1 byte/s, or accepting and never answering, costs
   * this once. The page itself too: a page that trickles fails with TIMEOUT after this long.
   */
  resourceTimeoutMs: z._default(z.int().check(z.positive()), 30_000),
  /** Bodies that need no parsing go to a temporary file past this size instead of memory. */
  spoolThresholdBytes: z._default(z.int().check(z.minimum(0)), 2 * MB),
  /** Wall-clock budget of a whole capture. */
  totalTimeoutMs: z._default(z.int().check(z.positive()), 10 * 60_000),
  /** Retries after 429, 5xx, resets and silences (never after other 4xx), within resourceTimeoutMs. */
  retries: z._default(z.int().check(z.minimum(0), z.maximum(5)), 2),
  maxRedirects: z._default(z.int().check(z.minimum(0), z.maximum(20)), 10),
  userAgent: z._default(
    z.string(),
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 sitezip/0.1',
  ),
  /**
   * References (links, images, url()s...) a page may hold and still be parsed and rewritten;
   * each costs a few hundred bytes while the page is captured. A page with more is saved as
   * downloaded, with a note in the manifest. 100,000 links fit easily.
   */
  maxPageReferences: z._default(z.int().check(z.positive(), z.maximum(5_000_000)), 500_000),
  /**
   * Whether pages are loaded in a browser first, so that what their scripts build is saved:
   * `auto` renders a page that builds itself with JavaScript (load/needs-render.ts) and never
   * starts a browser for one that does not; `always` renders every HTML page; `never` none.
   */
  render: z._default(z.enum(['auto', 'always', 'never']), 'auto'),
  /** Longest render of one page (load, settle, scroll, read the DOM); past it the page is saved as served. */
  renderTimeoutMs: z._default(z.int().check(z.minimum(2_000), z.maximum(300_000)), 20_000),
  /**
   * Whether a rendered page's snapshot is checked even when its live copy passes the self-check on
   * its own (the manifest then holds both candidates' scores; the two are checked side by side,
   * which takes longer). By default the snapshot is checked only when it could change the decision.
   */
  checkSnapshots: z._default(z.boolean(), false),
  /** Depth of nested iframes captured as documents. */
  maxFrameDepth: z._default(z.int().check(z.minimum(0), z.maximum(5)), 2),
  ...credentialOptions,
});

export type ArchiveOptions = z.infer<typeof archiveOptionsSchema>;
export type ArchiveOptionsInput = z.input<typeof archiveOptionsSchema>;

export function parseOptions(input: ArchiveOptionsInput = {}): ArchiveOptions {
  return archiveOptionsSchema.parse(input);
}

/** The shared environment switch of the API and the CLI. */
export function allowPrivateNetworksFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.SITEZIP_ALLOW_PRIVATE_NETWORKS?.trim().toLowerCase();
  return value === '1' || value === 'true' || value === 'yes';
}
