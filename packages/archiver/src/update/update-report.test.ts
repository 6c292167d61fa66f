import { describe, expect, it } from 'vitest';
import type { Manifest, ManifestEntry } from '../capture/manifest.js';
import { updateReport } from './update-report.js';

const previous = (resources: ManifestEntry[]): Manifest => ({
  generator: 'sitezip',
  url: 'https://a.test/',
  finalUrl: 'https://a.test/',
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:00:01.000Z',
  durationMs: 1000,
  files: resources.length,
  pages: 1,
  bytes: 0,
  failures: 0,
  resources,
});

const saved = (url: string, sha256: string, extra: Partial<ManifestEntry> = {}): ManifestEntry => ({ url, path: url.slice(15) || 'index.html', sha256, ...extra });

describe('updateReport', () => {
  it('tells unchanged (still fresh, 304 or same hash), changed, new and gone apart, by URL', () => {
    const before = previous([
      saved('https://a.test/', 'p1'),
      saved('https://a.test/a.png', 'i1'),
      saved('https://a.test/b.png', 'i2'),
      saved('https://a.test/c.png', 'i3'),
      saved('https://a.test/old.png', 'i3'),
      { url: 'https://a.test/broken.png', error: 'HTTP 404' },
    ]);
    const report = updateReport(before, [
      saved('https://a.test/', 'p2'),
      saved('https://a.test/a.png', 'i1', { status: 304 }),
      saved('https://a.test/b.png', 'i2', { status: 200 }),
      saved('https://a.test/c.png', 'i3', { status: 200, fresh: true }),
      saved('https://a.test/new.png', 'i4'),
      { url: 'https://a.test/old.png', error: 'HTTP 404' },
      saved('https://a.test/broken.png', 'i5'),
    ]);
    expect(report).toEqual({
      previousStartedAt: '2026-11-24T10:00:00.000Z',
      unchanged: 3,
      notModified: 1,
      fresh: 1,
      changed: { count: 1, urls: ['https://a.test/'] },
      new: { count: 2, urls: ['https://a.test/new.png', 'https://a.test/broken.png'] },
      gone: { count: 1, urls: ['https://a.test/old.png'] },
    });
  });

  it('counts every URL but lists the first ones only; a body without a hash counts as changed', () => {
    const urls = Array.from({ length: 5 }, (_, i) => `https://a.test/${i}.png`);
    const report = updateReport(
      previous(urls.map((url) => ({ url, path: url.slice(15) }))),
      urls.map((url) => ({ url, path: url.slice(15) })),
      2,
    );
    expect(report.changed).toEqual({ count: 5, urls: urls.slice(0, 2) });
  });
});
