import { describe, expect, it } from 'vitest';
import { stopNotice, type StopContext } from './stop-notice.js';

const plan: StopContext = { maxZipBytes: 50 * 1024 * 1024, planPages: 1000, askedPages: undefined, maxDepth: undefined };

describe('stopNotice', () => {
  it('says nothing when the capture was not cut short', () => {
    expect(stopNotice(undefined, plan)).toBe('');
  });

  it("names the plan's limit, or the person's own when it was lower", () => {
    expect(stopNotice('max-total-bytes', plan)).toBe(' Stopped at the 50 MB limit of your plan: the rest was left out.');
    expect(stopNotice('max-pages', plan)).toBe(' Stopped at the 1000-page limit of your plan.');
    expect(stopNotice('max-pages', { ...plan, askedPages: 20 })).toBe(' Stopped at the 20 pages you asked for.');
    expect(stopNotice('max-depth', { ...plan, maxDepth: 2 })).toMatch(/more than 2 links from the start page/);
  });

  it('explains every other way a capture stops early', () => {
    for (const code of ['max-resources', 'trap', 'total-timeout', 'page-not-parsed', 'max-depth'] as const) {
      expect(stopNotice(code, plan)).toMatch(/^ [A-Z].+\.$/);
    }
  });
});
