/** Why a capture ended before it had everything it found. */
export type StopCode = 'max-resources' | 'max-total-bytes' | 'max-pages' | 'max-depth' | 'trap' | 'total-timeout' | 'page-not-parsed';

/** Why a URL was left out without being fetched: a limit, a crawler trap, robots.txt, or the person's URL patterns. */
export type RefusalCode =
  | 'max-resources'
  | 'max-pages'
  | 'max-depth'
  | 'query-variants'
  | 'repeating-path'
  | 'url-too-long'
  | 'robots-txt'
  | 'excluded'
  | 'not-included';

/** A stable code for programs, and words for the person reading the manifest. */
export interface StopReason {
  code: StopCode;
  message: string;
}

export interface RefusedUrl {
  url: string;
  code: RefusalCode;
  reason: string;
}

/** The `refused` part of the manifest: every refusal counted, the first ones listed. */
export interface RefusalReport {
  /** URLs refused, by code (each URL once). */
  counts: Partial<Record<RefusalCode, number>>;
  /** The first {@link LISTED} refusals, in the order they happened. */
  urls: RefusedUrl[];
  /** Refusals beyond those listed. */
  more: number;
}

/** Refusals that mean the capture was cut short, and how `stoppedBy` names them. */
const STOPS: Partial<Record<RefusalCode, StopCode>> = {
  'max-resources': 'max-resources',
  'max-pages': 'max-pages',
  'max-depth': 'max-depth',
  'query-variants': 'trap',
  'repeating-path': 'trap',
  'url-too-long': 'trap',
};

/** A call of {@link Refusals}, as data. */
export type RefusalCall =
  | { t: 'refused'; url: string; code: RefusalCode; reason: string; stopMessage?: string | undefined }
  | { t: 'stop'; code: StopCode; message: string };

const LISTED = 100;
// Beyond this many distinct URLs, a URL refused twice may be counted twice: the set would grow without end.
const REMEMBERED = 200_000;

/**
 * URLs a capture left out, kept compact: a page with a million links beyond a limit costs a
 * counter, not a million manifest entries. The first refusal that cuts the capture short also
 * says why it stopped.
 */
export class Refusals {
  private readonly listed: RefusedUrl[] = [];
  private readonly counts = new Map<RefusalCode, number>();
  private readonly seen = new Set<string>();
  private total = 0;
  stop: StopReason | undefined;

  /** `told` hears every call, for a journal to keep them (see resume/). */
  constructor(private readonly told?: (call: RefusalCall) => void) {}

  /**
   * Records that the capture stopped early, unless an earlier reason already did. A trap guard's
   * refusal leaves out one family of URLs and the crawl goes on: a limit that ends the crawl after
   * it (time, bytes, pages) is the reason it stopped, and takes its place.
   */
  stopBy(code: StopCode, message: string): void {
    if (!this.replaces(code)) return;
    this.stop = { code, message };
    this.told?.({ t: 'stop', code, message });
  }

  refuse(url: string, code: RefusalCode, reason: string, stopMessage?: string): void {
    const stop = STOPS[code];
    if (stop && this.replaces(stop)) this.stop = { code: stop, message: stopMessage ?? (stop === 'trap' ? `trap guard: ${reason}` : reason) };
    if (this.seen.has(url)) return;
    this.told?.({ t: 'refused', url, code, reason, stopMessage });
    if (this.seen.size < REMEMBERED) this.seen.add(url);
    this.total++;
    this.counts.set(code, (this.counts.get(code) ?? 0) + 1);
    if (this.listed.length < LISTED) this.listed.push({ url, code, reason });
  }

  private replaces(code: StopCode): boolean {
    return !this.stop || (this.stop.code === 'trap' && code !== 'trap');
  }

  report(): RefusalReport | undefined {
    if (this.total === 0) return undefined;
    return { counts: Object.fromEntries(this.counts), urls: this.listed, more: this.total - this.listed.length };
  }
}
