import * as z from 'zod/mini';
import { archiveOptionsSchema } from '../options.js';

const MB = 1024 * 1024;

/** How the browser is started and how much it may use. Parsed once, by the BrowserHost. */
export const browserHostOptionsSchema = z.object({
  /** Debian's Chromium; never a downloaded browser. */
  executablePath: z._default(z.string().check(z.minLength(1)), () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  /** The engine's own user agent, so a site sees the same client for the page and its resources. */
  userAgent: archiveOptionsSchema.shape.userAgent,
  viewportWidth: z._default(z.int().check(z.minimum(320), z.maximum(3840)), 1280),
  viewportHeight: z._default(z.int().check(z.minimum(240), z.maximum(2160)), 800),
  /**
   * Private memory (anonymous and shared-memory pages) of the browser's whole process tree. Past
   * it the browser is killed, its renders fail, and the next render starts a new browser.
   */
  maxMemoryBytes: z._default(z.int().check(z.minimum(64 * MB)), 1536 * MB),
  /** How often that memory is read while a render runs. */
  memoryCheckMs: z._default(z.int().check(z.minimum(20), z.maximum(5_000)), 200),
  launchTimeoutMs: z._default(z.int().check(z.positive()), 30_000),
  /** A tab or context (or the browser) that takes longer to close is killed. */
  closeTimeoutMs: z._default(z.int().check(z.positive()), 3_000),
});

export type BrowserHostOptions = z.infer<typeof browserHostOptionsSchema>;
export type BrowserHostOptionsInput = z.input<typeof browserHostOptionsSchema>;

/** Bounds of one render. Parsed once by the caller ({@link parseRenderLimits}); renderPage takes them complete. */
export const renderLimitsSchema = z.object({
  /** Hard cap of the whole render: past it, whatever still runs is abandoned and the tab closed. */
  totalTimeoutMs: z._default(z.int().check(z.positive()), 15_000),
  /**
   * Kept at the end of the budget for reading the DOM: waiting for the page (load, settling,
   * scrolling) stops this long before the cap, so a slow page still gives its DOM as it is then.
   */
  snapshotReserveMs: z._default(z.int().check(z.positive()), 2_000),
  /** Longest wait for the page to settle, each time it is waited for (after load, after scrolling). */
  settleTimeoutMs: z._default(z.int().check(z.positive()), 5_000),
  /** Settled: no request in flight and no DOM mutation for this long. */
  quietMs: z._default(z.int().check(z.minimum(50)), 500),
  /**
   * A request in flight this long no longer holds the page's load or quiet (a tracker that never
   * answers, a long poll, a stream): the page is taken once the rest of it is quiet.
   */
  stalledRequestMs: z._default(z.int().check(z.minimum(100)), 5_000),
  /** Viewport-high scroll steps at most (infinite-scroll pages grow forever). */
  maxScrollSteps: z._default(z.int().check(z.minimum(0), z.maximum(1_000)), 30),
  /** Distinct requests answered at most; later ones are refused. */
  maxRequests: z._default(z.int().check(z.positive(), z.maximum(100_000)), 2_000),
  /** Bytes of response bodies recorded at most (memory and spooled files together). */
  maxBytes: z._default(z.int().check(z.positive()), 512 * MB),
  /** Largest serialized DOM; a DOM bomb stops here. */
  maxHtmlBytes: z._default(z.int().check(z.positive()), 32 * MB),
});

export type RenderLimits = z.infer<typeof renderLimitsSchema>;
export type RenderLimitsInput = z.input<typeof renderLimitsSchema>;

export function parseRenderLimits(input: RenderLimitsInput = {}): RenderLimits {
  const limits = renderLimitsSchema.parse(input);
  if (limits.snapshotReserveMs >= limits.totalTimeoutMs) {
    throw new RangeError('snapshotReserveMs must be shorter than totalTimeoutMs');
  }
  return limits;
}
