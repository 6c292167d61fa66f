import { z } from 'zod';

const MB = 1024 * 1024;

/**
 * Every knob of a capture with its default and bounds. Parsed once by {@link parseOptions};
 * everything past that point receives a complete, validated {@link ArchiveOptions}.
 */
export const archiveOptionsSchema = z.object({
  /** Connect to loopback, private and reserved addresses (tests, intranets). Off by default. */
  allowPrivateNetworks: z.boolean().default(false),
  /**
   * Requests in flight per origin. Browsers open 6 HTTP/1.1 connections but multiplex 100+
   * streams over HTTP/2; a high start keeps a page's critical path short, and an origin that
   * answers 429/503 or drops connections gets half as many (see OriginScheduler).
   */
  connectionsPerOrigin: z.number().int().min(1).max(128).default(32),
  /** Largest accepted response body, after decompression. */
  maxResourceBytes: z.number().int().positive().default(100 * MB),
  /** Capture stops adding files once this many bytes were saved. */
  maxTotalBytes: z.number().int().positive().default(1024 * MB),
  /** Most resources fetched for one capture (the page included). */
  maxResources: z.number().int().positive().max(100_000).default(5_000),
  /** Time to first response byte and longest pause between body chunks. */
  requestTimeoutMs: z.number().int().positive().default(20_000),
  /** Longest time one response may take in all, however steadily it trickles. */
  resourceTimeoutMs: z.number().int().positive().default(120_000),
  /** Bodies that need no parsing go to a temporary file past this size instead of memory. */
  spoolThresholdBytes: z.number().int().min(0).default(2 * MB),
  /** Wall-clock budget of a whole capture. */
  totalTimeoutMs: z.number().int().positive().default(10 * 60_000),
  /** Retries after 5xx, resets and time-outs (never after 4xx). */
  retries: z.number().int().min(0).max(5).default(2),
  maxRedirects: z.number().int().min(0).max(20).default(10),
  userAgent: z
    .string()
    .default(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 sitezip/0.1',
    ),
  /** Depth of nested iframes captured as documents. */
  maxFrameDepth: z.number().int().min(0).max(5).default(2),
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
