import type { RefusalCode } from '../refusals.js';
import { canonicalPageUrl } from './canonical.js';
import type { Scope } from './scope.js';
import type { TrapGuard } from './traps.js';
import type { UrlPatterns } from './url-patterns.js';

export interface PageEntry {
  /** The URL as first linked (fetched as is: some servers 404 on the canonical spelling). */
  url: string;
  canonical: string;
  depth: number;
  /** Where the page will be saved; links to it are rewritten before it is fetched. */
  path: string;
}

export interface FrontierLimits {
  maxPages: number;
  maxDepth: number;
}

/** Why a link was not admitted; out of scope and not a page are no refusal worth reporting. */
export type Refusal = 'not-a-page' | 'out-of-scope' | RefusalCode;

/** Told of every refusal that cut the crawl short or that robots.txt asked for, with the canonical URL. */
export type RefusalListener = (url: string, code: RefusalCode, reason: string, stopMessage?: string) => void;

/**
 * The pages of a site capture, breadth first. A page is admitted once (by canonical URL) and
 * gets its path at admission, so every page linking to it can be written before it is fetched;
 * whatever is admitted will be saved (as the page, or as a note saying why it could not be).
 */
export class Frontier {
  private readonly entries = new Map<string, PageEntry>();
  private readonly queue: PageEntry[] = [];
  private head = 0;

  constructor(
    private readonly scope: Scope,
    private readonly limits: FrontierLimits,
    private readonly traps: TrapGuard,
    private readonly allowedByRobots: (url: string) => boolean,
    private readonly pathFor: (canonical: string) => string,
    private readonly onRefused: RefusalListener = () => undefined,
    /** The person's include/exclude patterns, when any. */
    private readonly patterns?: UrlPatterns,
  ) {}

  /** Admits a linked page, or says why not. */
  admit(reference: string, base: string, depth: number): PageEntry | Refusal {
    const canonical = canonicalPageUrl(reference, base);
    if (!canonical) return 'not-a-page';
    const known = this.entries.get(canonical);
    if (known) return known;
    if (!this.scope.includes(canonical)) return 'out-of-scope';
    // The start page (depth 0) was asked for by name: patterns govern what the crawl finds. They
    // see the path as linked (canonical paths gain a trailing slash).
    const unwanted = depth > 0 ? this.patterns?.refuse(new URL(reference, base).href) : undefined;
    if (unwanted) return this.refused(canonical, unwanted.code, unwanted.reason);
    const { maxDepth, maxPages } = this.limits;
    if (depth > maxDepth) return this.refused(canonical, 'max-depth', `more than ${maxDepth} links from the start page`, `maxDepth (${maxDepth}) reached`);
    if (!this.allowedByRobots(canonical)) return this.refused(canonical, 'robots-txt', 'robots.txt does not allow it');
    const trap = this.traps.refuse(canonical);
    if (trap) return this.refused(canonical, trap.code, trap.reason);
    if (this.entries.size >= maxPages) return this.refused(canonical, 'max-pages', `more than ${maxPages} pages`, `maxPages (${maxPages}) reached`);
    const url = new URL(reference, base);
    url.hash = '';
    // Most links are already canonical: one string then serves both (a URL set of 20,000 pages).
    const href = url.href === canonical ? canonical : url.href;
    const entry: PageEntry = { url: href, canonical, depth, path: this.pathFor(canonical) };
    this.entries.set(canonical, entry);
    this.queue.push(entry);
    return entry;
  }

  /** The saved path of an admitted page, by any spelling of its URL. */
  pathOf(reference: string, base?: string): string | undefined {
    const canonical = canonicalPageUrl(reference, base);
    return canonical ? this.entries.get(canonical)?.path : undefined;
  }

  /** Admitted pages (URL as first linked, path), the first `max` in order of admission. */
  paths(max: number): [string, string][] {
    const out: [string, string][] = [];
    for (const { url, path } of this.entries.values()) {
      if (out.length >= max) break;
      out.push([url, path]);
    }
    return out;
  }

  /**
   * The crawl's own string for an admitted page's canonical URL (the same characters), or `url`
   * itself: records kept by URL for the whole crawl (the page log) then hold one string per
   * page, not one more from each page that links to it.
   */
  spelled(url: string): string {
    return this.entries.get(url)?.canonical ?? url;
  }

  private refused(url: string, code: RefusalCode, reason: string, stopMessage?: string): RefusalCode {
    this.onRefused(url, code, reason, stopMessage);
    return code;
  }

  /**
   * Takes back a page an interrupted run of this crawl admitted, with its path; queued unless
   * it was saved. Its query variant counts again, as admitting it did.
   */
  restore(entry: PageEntry, saved: boolean): void {
    this.entries.set(entry.canonical, entry);
    this.traps.refuse(entry.canonical);
    if (!saved) this.queue.push(entry);
  }

  next(): PageEntry | undefined {
    if (this.head >= this.queue.length) return undefined;
    return this.queue[this.head++];
  }

  get size(): number {
    return this.entries.size;
  }
}
