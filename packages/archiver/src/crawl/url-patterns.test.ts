import { describe, expect, it } from 'vitest';
import { loadUrlPatterns, urlPatternProblem } from './url-patterns.js';

const refuse = async (include: string[], exclude: string[], path: string) =>
  (await loadUrlPatterns(include, exclude))?.refuse(`https://example.com${path}`)?.code;

describe('URL patterns', () => {
  it('are globs on the path: * within a segment, ** across, no leading slash for any depth', async () => {
    expect(await refuse(['/docs/**'], [], '/docs')).toBeUndefined();
    expect(await refuse(['/docs/**'], [], '/docs/a/b.html')).toBeUndefined();
    expect(await refuse(['/docs/**'], [], '/blog/a')).toBe('not-included');
    expect(await refuse(['/docs/*'], [], '/docs/a/b')).toBe('not-included');
    expect(await refuse([], ['*.pdf'], '/a/b/c.pdf')).toBe('excluded');
    expect(await refuse([], ['tag/*'], '/blog/tag/news')).toBe('excluded');
    expect(await refuse([], ['tag/*'], '/blog/tags/news')).toBeUndefined();
    // The query string is not part of what a pattern sees.
    expect(await refuse([], ['/search'], '/search?q=1')).toBe('excluded');
    // Percent-encoded paths match as written and decoded.
    expect(await refuse([], ['/café/**'], '/caf%C3%A9/menu')).toBe('excluded');
  });

  it('let exclude win over include, and say which pattern refused a page', async () => {
    const patterns = await loadUrlPatterns(['/docs/**'], ['/docs/old/**']);
    expect(patterns?.refuse('https://example.com/docs/old/x')).toEqual({ code: 'excluded', reason: 'matches the exclude pattern /docs/old/**' });
    expect(patterns?.refuse('https://example.com/docs/new/x')).toBeUndefined();
    expect(await loadUrlPatterns([], [])).toBeUndefined();
  });

  it('refuse patterns that could never match a path', () => {
    expect(urlPatternProblem('/docs/**')).toBeUndefined();
    expect(urlPatternProblem('https://example.com/docs/**')).toMatch(/patterns match the path only/);
    expect(urlPatternProblem('')).toMatch(/empty/);
    expect(urlPatternProblem('/a#b')).toMatch(/fragments/);
  });
});
