import { canonicalPageUrl } from './canonical.js';
import type { Scope } from './scope.js';
import type { TrapGuard } from './traps.js';

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

export type Refusal = 'out of scope' | 'too deep' | 'page limit' | 'robots.txt' | string;

/**
 * The pages of a site capture, breadth first. A page is admitted once (by canonical URL) and
 * gets its path at admission, so every page linking to it can be written before it is fetched;
 * whatever is admitted will be saved (as the page, or as a note saying why it could not be).
 */
export class Frontier {
  private readonly entries = new Map<string, PageEntry>();
  private readonly queue: PageEntry[] = [];
  private head = 0;
  /** Why the crawl stopped admitting pages, when a limit did it. */
  stoppedBy: string | undefined;

  constructor(
    private readonly scope: Scope,
    private readonly limits: FrontierLimits,
    private readonly traps: TrapGuard,
    private readonly allowedByRobots: (url: string) => boolean,
    private readonly pathFor: (canonical: string) => string,
  ) {}

  /** Admits a linked page, or says why not. */
  admit(reference: string, base: string, depth: number): PageEntry | Refusal {
    const canonical = canonicalPageUrl(reference, base);
    if (!canonical) return 'not a page';
    const known = this.entries.get(canonical);
    if (known) return known;
    if (!this.scope.includes(canonical)) return 'out of scope';
    if (depth > this.limits.maxDepth) return 'too deep';
    if (!this.allowedByRobots(canonical)) return 'robots.txt';
    const trap = this.traps.refuse(canonical);
    if (trap) return trap;
    if (this.entries.size >= this.limits.maxPages) {
      this.stoppedBy ??= `maxPages (${this.limits.maxPages}) reached`;
      return 'page limit';
    }
    const url = new URL(reference, base);
    url.hash = '';
    const entry: PageEntry = { url: url.href, canonical, depth, path: this.pathFor(canonical) };
    this.entries.set(canonical, entry);
    this.queue.push(entry);
    return entry;
  }

  /** The saved path of an admitted page, by any spelling of its URL. */
  pathOf(reference: string, base?: string): string | undefined {
    const canonical = canonicalPageUrl(reference, base);
    return canonical ? this.entries.get(canonical)?.path : undefined;
  }

  next(): PageEntry | undefined {
    if (this.head >= this.queue.length) return undefined;
    return this.queue[this.head++];
  }

  get size(): number {
    return this.entries.size;
  }
}
