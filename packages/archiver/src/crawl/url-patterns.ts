import type { RefusalCode } from '../refusals.js';

/** Why a page's URL was left out by the person's patterns. */
export interface PatternRefusal {
  code: Extract<RefusalCode, 'excluded' | 'not-included'>;
  reason: string;
}

/** Which pages a site capture follows, by the person's include and exclude patterns. */
export interface UrlPatterns {
  refuse(url: string): PatternRefusal | undefined;
}

/** Why a pattern cannot be used, or undefined when it can. */
export function urlPatternProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'a pattern cannot be empty';
  if (pattern.includes('://')) return `"${pattern}" is a URL; patterns match the path only (e.g. /docs/**)`;
  if (pattern.includes('#')) return `"${pattern}" holds a #; fragments are never part of a page's URL`;
  return undefined;
}

/**
 * Globs on the URL's path (not its host or query string): `*` matches within one path segment,
 * `**` across segments, `?` one character, `{a,b}` and `[abc]` as in a shell. A pattern that
 * does not start with `/` matches at any depth (`*.pdf` is `/**\/*.pdf`). A path is tried as
 * written in the URL and percent-decoded, with and without a trailing slash. With include patterns, a page must match one of them;
 * a page matching an exclude pattern is left out either way. Undefined when there are none.
 * picomatch is loaded only then.
 */
export async function loadUrlPatterns(include: readonly string[], exclude: readonly string[]): Promise<UrlPatterns | undefined> {
  if (include.length === 0 && exclude.length === 0) return undefined;
  const { default: picomatch } = await import('picomatch');
  const matcher = (pattern: string) => {
    const test = picomatch(pattern.startsWith('/') ? pattern : `**/${pattern}`, { dot: true });
    return { pattern, test };
  };
  const includes = include.map(matcher);
  const excludes = exclude.map(matcher);
  return {
    refuse(url: string): PatternRefusal | undefined {
      const paths = pathForms(url);
      const matching = (m: { test: (path: string) => boolean }) => paths.some((path) => m.test(path));
      const excluded = excludes.find(matching);
      if (excluded) return { code: 'excluded', reason: `matches the exclude pattern ${excluded.pattern}` };
      if (includes.length > 0 && !includes.some(matching)) return { code: 'not-included', reason: 'matches no include pattern' };
      return undefined;
    },
  };
}

/** The path as written and percent-decoded, each also without a trailing slash (`/docs/a/` is `/docs/a`). */
function pathForms(url: string): string[] {
  const { pathname } = new URL(url);
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A stray % is no escape: the path as written is all there is.
  }
  const forms = new Set([pathname, decoded]);
  for (const path of [...forms]) if (path.length > 1 && path.endsWith('/')) forms.add(path.slice(0, -1));
  return [...forms];
}
