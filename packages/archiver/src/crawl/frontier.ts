import type { RefusalCode } from '../refusals.js';
import { UrlTable, fit } from '../resolve/url-table.js';
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
 * Pages are kept as columns by order of admission, their URLs in the capture's UrlTable: a
 * PageEntry object and a map of its own, kept for the whole crawl, were about 110 bytes a page.
 */
export class Frontier {
  /** By URL number: the page's place in order of admission, plus one (0: not admitted). */
  private places = new Uint32Array(1024);
  /** By place: the URL number of the canonical URL, the depth, the path. */
  private canonicals = new Uint32Array(1024);
  private depths = new Uint32Array(1024);
  private readonly pagePaths: string[] = [];
  /** By place, the URL as first linked where it is not the canonical one (rare). */
  private readonly linked = new Map<number, string>();
  /** Places to capture, in order. */
  private queue = new Uint32Array(1024);
  private queued = 0;
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
    private readonly urls = new UrlTable(),
  ) {}

  /** Admits a linked page, or says why not. */
  admit(reference: string, base: string, depth: number): PageEntry | Refusal {
    const canonical = canonicalPageUrl(reference, base);
    if (!canonical) return 'not-a-page';
    const known = this.placeOf(canonical);
    if (known !== undefined) return this.entry(known);
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
    if (this.size >= maxPages) return this.refused(canonical, 'max-pages', `more than ${maxPages} pages`, `maxPages (${maxPages}) reached`);
    const url = new URL(reference, base);
    url.hash = '';
    const place = this.add(url.href, canonical, depth, this.pathFor(canonical));
    this.enqueue(place);
    return this.entry(place);
  }

  /**
   * Takes `reference` as a page saved already at `path`, neither queued nor counted as a link:
   * the start page as its redirects ended (`/` answered by `/en/home.html`), which the site's
   * pages link to by that address.
   */
  saved(reference: string, path: string): void {
    const canonical = canonicalPageUrl(reference);
    if (!canonical || this.placeOf(canonical) !== undefined) return;
    const url = new URL(reference);
    url.hash = '';
    this.add(url.href, canonical, 0, path);
  }

  /** The saved path of an admitted page, by any spelling of its URL. */
  pathOf(reference: string, base?: string): string | undefined {
    const canonical = canonicalPageUrl(reference, base);
    const place = canonical ? this.placeOf(canonical) : undefined;
    return place === undefined ? undefined : this.pagePaths[place];
  }

  /** Admitted pages (URL as first linked, path), the first `max` in order of admission. */
  paths(max: number): [string, string][] {
    const out: [string, string][] = [];
    for (let place = 0; place < Math.min(max, this.size); place++) {
      const { url, path } = this.entry(place);
      out.push([url, path]);
    }
    return out;
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
    const known = this.placeOf(entry.canonical);
    const place = known ?? this.add(entry.url, entry.canonical, entry.depth, entry.path);
    this.traps.refuse(entry.canonical);
    if (!saved) this.enqueue(place);
  }

  next(): PageEntry | undefined {
    if (this.head >= this.queued) return undefined;
    return this.entry(this.queue[this.head++]!);
  }

  get size(): number {
    return this.pagePaths.length;
  }

  private placeOf(canonical: string): number | undefined {
    const id = this.urls.find(canonical);
    const place = id === undefined ? 0 : (this.places[id] ?? 0);
    return place > 0 ? place - 1 : undefined;
  }

  private add(url: string, canonical: string, depth: number, path: string): number {
    const id = this.urls.id(canonical);
    const place = this.pagePaths.push(path) - 1;
    this.places = fit(this.places, id + 1);
    this.places[id] = place + 1;
    this.canonicals = fit(this.canonicals, place + 1);
    this.canonicals[place] = id;
    this.depths = fit(this.depths, place + 1);
    this.depths[place] = depth;
    // Most links are already canonical: the one string then serves both.
    if (url !== canonical) this.linked.set(place, url);
    return place;
  }

  private enqueue(place: number): void {
    this.queue = fit(this.queue, this.queued + 1);
    this.queue[this.queued++] = place;
  }

  /** The page at `place`, as an object made for the caller (nothing keeps it). */
  private entry(place: number): PageEntry {
    const canonical = this.urls.url(this.canonicals[place]!);
    return { url: this.linked.get(place) ?? canonical, canonical, depth: this.depths[place]!, path: this.pagePaths[place]! };
  }
}
