import type { RefusalCode } from '../refusals.js';

/** Limits that keep a crawl out of infinite URL spaces (calendars, faceted search, loops). */
export interface TrapLimits {
  /** Distinct query strings admitted for one path. */
  maxVariantsPerPath: number;
  /** The same path segment repeated more often than this marks a loop (/a/b/a/b/a/b). */
  maxRepeatedSegment: number;
  maxUrlLength: number;
}

export const defaultTrapLimits: TrapLimits = { maxVariantsPerPath: 10, maxRepeatedSegment: 3, maxUrlLength: 2000 };

/** Why the guard refused a URL. */
export interface Trap {
  code: Extract<RefusalCode, 'query-variants' | 'repeating-path' | 'url-too-long'>;
  reason: string;
}

export class TrapGuard {
  private readonly variants = new Map<string, number>();

  constructor(private readonly limits: TrapLimits = defaultTrapLimits) {}

  /** Why `url` (canonical) is refused, or undefined to admit it. Counts admitted variants. */
  refuse(url: string): Trap | undefined {
    if (url.length > this.limits.maxUrlLength) {
      return { code: 'url-too-long', reason: `URL longer than ${this.limits.maxUrlLength} characters` };
    }
    const { origin, pathname, search } = new URL(url);
    const counts = new Map<string, number>();
    for (const segment of pathname.split('/').filter(Boolean)) {
      const n = (counts.get(segment) ?? 0) + 1;
      if (n > this.limits.maxRepeatedSegment) return { code: 'repeating-path', reason: `path repeats "${segment}" more than ${this.limits.maxRepeatedSegment} times` };
      counts.set(segment, n);
    }
    if (search) {
      const key = origin + pathname;
      const seen = this.variants.get(key) ?? 0;
      if (seen >= this.limits.maxVariantsPerPath) {
        return { code: 'query-variants', reason: `more than ${this.limits.maxVariantsPerPath} query variants of ${pathname}` };
      }
      this.variants.set(key, seen + 1);
    }
    return undefined;
  }
}
