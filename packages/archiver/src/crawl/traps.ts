/** Limits that keep a crawl out of infinite URL spaces (calendars, faceted search, loops). */
export interface TrapLimits {
  /** Distinct query strings admitted for one path. */
  maxVariantsPerPath: number;
  /** The same path segment repeated more often than this marks a loop (/a/b/a/b/a/b). */
  maxRepeatedSegment: number;
  maxUrlLength: number;
}

export const defaultTrapLimits: TrapLimits = { maxVariantsPerPath: 10, maxRepeatedSegment: 3, maxUrlLength: 2000 };

export class TrapGuard {
  private readonly variants = new Map<string, number>();

  constructor(private readonly limits: TrapLimits = defaultTrapLimits) {}

  /** Why `url` (canonical) is refused, or undefined to admit it. Counts admitted variants. */
  refuse(url: string): string | undefined {
    if (url.length > this.limits.maxUrlLength) return 'URL too long';
    const { origin, pathname, search } = new URL(url);
    const counts = new Map<string, number>();
    for (const segment of pathname.split('/').filter(Boolean)) {
      const n = (counts.get(segment) ?? 0) + 1;
      if (n > this.limits.maxRepeatedSegment) return 'repeating path';
      counts.set(segment, n);
    }
    if (search) {
      const key = origin + pathname;
      const seen = this.variants.get(key) ?? 0;
      if (seen >= this.limits.maxVariantsPerPath) return `more than ${this.limits.maxVariantsPerPath} query variants of ${pathname}`;
      this.variants.set(key, seen + 1);
    }
    return undefined;
  }
}
