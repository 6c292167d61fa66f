/**
 * What a capture spends on checking rendered pages' copies before saving them. A check opens
 * the page's live copy and its snapshot from file:// (both at once, up to 8 s) and takes about
 * 1 to 3 s; the end-of-capture check of pages saved unchecked shares the count (archive.ts).
 */
export const GUARD_LIMITS = {
  /** Pages checked per capture, the first included. */
  checks: 10,
  /** Of those, kept for pages of route shapes not yet seen: sampling stops short of them. */
  reservedForShapes: 3,
  /** Time spent in checks per capture (summed: checks may overlap); past it, pages follow unchecked. */
  checkMs: 40_000,
  /** A page of a shape already checked and kept live is checked again once in this many. */
  sampleEvery: 10,
  /** Live copies failing their check, after which the rest of the site is saved as snapshots. */
  failures: 2,
};
/** Past the budget, pages of shapes never checked follow live while this many checks passed for each that failed. */
const PASSES_PER_FAILURE = 3;
export type GuardLimits = typeof GUARD_LIMITS;

export type CopyOutput = 'live' | 'snapshot';

/** What to do with one rendered page: check its copies (and with what consequence), or follow a decision unchecked. */
export type GuardPlan =
  | { check: true; decides: 'site' | 'page' }
  | { check: false; output: CopyOutput; by: 'site' | 'shape'; note: string };

/**
 * The live-or-snapshot decision of one capture's rendered pages. The first page checked decides
 * for the site when its live copy passes. Pages are then still checked: the first of each route
 * shape (see routeShape), and a sample of the rest, within GUARD_LIMITS. A page whose live copy
 * fails is saved as its snapshot and so are the later pages of its shape; after `failures`
 * failed checks the rest of the site is saved as snapshots, and not checked again. The first
 * page's failure counts as one: a site's start page is often unlike the rest (Javadoc's is a
 * redirect, rustdoc's a list of crates), and it made every page of the site a snapshot. A check
 * that did not finish (a busy machine) decides nothing: the next page of its shape is checked.
 * Past the budget, a page of a shape never checked follows live while at least three live copies
 * passed for each that failed (a check that did not finish counts neither way): a 300-page
 * rustdoc mirror, whose every crate and depth is a shape, had 9 passes and one check that did
 * not finish on its busy machine, and its 267 pages of shapes never checked were all snapshots.
 */
export class RenderGuard {
  private site: CopyOutput | undefined;
  private readonly shapes = new Map<string, CopyOutput>();
  /** Checks under way, by shape ('' for the site's first): pages of that shape wait for them. */
  private readonly pending = new Map<string, { done: Promise<void>; resolve: () => void }>();
  private checks = 0;
  private failures = 0;
  private passes = 0;
  private checkMs = 0;
  private followers = 0;
  private switchNote: string | undefined;

  constructor(private readonly limits: GuardLimits = GUARD_LIMITS) {}

  /** Pages checked so far (the end-of-capture check spends what is left of `limits.checks`). */
  get checked(): number {
    return this.checks;
  }

  /**
   * Whether a page planned from now on may be checked: not once the site is saved as snapshots,
   * nor once the checks or their time are spent (both only grow).
   */
  get mayCheck(): boolean {
    if (this.site === 'snapshot') return false;
    return this.site === undefined || (this.checks < this.limits.checks && this.checkMs < this.limits.checkMs);
  }

  /** The site's decision so far. */
  get output(): CopyOutput | undefined {
    return this.site;
  }

  /**
   * Plans the page of shape `shape`. A page whose shape (or the site's first decision) is being
   * checked waits for that check: its outcome may spare this page its own. Each `check` plan
   * must be followed by settle() once, with the same shape.
   */
  async plan(shape: string): Promise<GuardPlan> {
    for (;;) {
      const waiting = this.pending.get('') ?? this.pending.get(shape);
      if (!waiting) break;
      await waiting.done;
    }
    if (this.site === 'snapshot') return this.follow('snapshot', 'site', this.switchNote ?? "the site's first rendered page kept its snapshot");
    if (this.site === undefined) return this.startCheck('', 'site');
    const known = this.shapes.get(shape);
    if (known === 'snapshot') return this.follow('snapshot', 'shape', `an earlier page of ${shape} failed its check`);
    const budget = this.checkMs < this.limits.checkMs;
    if (known === undefined && budget && this.checks < this.limits.checks) return this.startCheck(shape, 'page');
    const sample = ++this.followers % this.limits.sampleEvery === 0;
    if (known === 'live' && sample && budget && this.checks < this.limits.checks - this.limits.reservedForShapes) return this.startCheck(shape, 'page');
    if (known) return this.follow('live', 'shape', `a page of ${shape} passed its check`);
    if (this.failures > 0 && this.passes < PASSES_PER_FAILURE * this.failures) {
      return this.follow('snapshot', 'site', 'the check budget is spent, and too few live copies of the site passed their check');
    }
    return this.follow('live', 'site', `the check budget is spent; the site is live (${this.passes} of ${this.passes + this.failures} live copies checked passed)`);
  }

  /**
   * The outcome of a planned check: whether the live copy passed (undefined: its check did not
   * finish, which decides nothing for its shape nor counts as a failure), and how long it took.
   */
  settle(shape: string, decides: 'site' | 'page', live: boolean | undefined, ms: number): void {
    const key = decides === 'site' ? '' : shape;
    this.checkMs += ms;
    // The first check opens the site to the others' checks, whatever its outcome.
    if (decides === 'site') this.site ??= 'live';
    if (live) this.passes++;
    if (live !== undefined && this.shapes.get(shape) !== 'snapshot') this.shapes.set(shape, live ? 'live' : 'snapshot');
    if (live === false && ++this.failures >= this.limits.failures && this.site === 'live') {
      this.site = 'snapshot';
      this.switchNote = `${this.failures} live copies failed their check: the rest of the site is saved as snapshots`;
    }
    // Released after the state changed: waiting pages plan against it.
    this.pending.get(key)?.resolve();
    this.pending.delete(key);
  }

  private startCheck(shape: string, decides: 'site' | 'page'): GuardPlan {
    this.checks++;
    let resolve = () => {};
    const done = new Promise<void>((r) => (resolve = r));
    this.pending.set(decides === 'site' ? '' : shape, { done, resolve });
    return { check: true, decides };
  }

  private follow(output: CopyOutput, by: 'site' | 'shape', note: string): GuardPlan {
    return { check: false, output, by, note };
  }
}

/**
 * A page's route shape: its first path segment and its depth (`/guides/water` → `guides/2`,
 * `/` → `/0`), and the scripts its served HTML loads (`template`), hashed short: pages of one
 * shape are built by the same route of the same code, and tend to pass or fail together.
 */
export function routeShape(url: string, template: string): string {
  const segments = new URL(url).pathname.split('/').filter((s) => s !== '' && s !== 'index.html');
  const head = segments[0]?.toLowerCase() ?? '';
  return `/${head}${head ? '/' : ''}${segments.length}${template ? ` ${template}` : ''}`;
}
