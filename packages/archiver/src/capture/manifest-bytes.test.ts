import { describe, expect, it } from 'vitest';
import type { Manifest, ManifestEntry } from './manifest.js';
import { manifestBytes } from './manifest-bytes.js';

function manifest(resources: ManifestEntry[]): Manifest {
  return {
    generator: 'sitezip',
    url: 'https://example.com/[]?q=[]',
    finalUrl: 'https://example.com/',
    startedAt: '2026-11-26T18:00:00.000Z',
    finishedAt: '2026-11-26T18:00:01.000Z',
    durationMs: 1000,
    files: resources.length,
    pages: 1,
    bytes: 123,
    failures: 0,
    stoppedBy: undefined,
    refused: { count: 1, byCode: { 'max-pages': 1 }, urls: [{ url: 'https://example.com/x', code: 'max-pages', reason: 'more than 1 pages' }] } as unknown as Manifest['refused'],
    resources,
  };
}

function entry(i: number): ManifestEntry {
  return {
    url: `https://example.com/p/${i}/?a="b"\n&c=\u00e9\u4e2d`,
    path: `p/${i}/index.html`,
    status: 200,
    bytes: i,
    contentType: 'text/html',
    sha256: 'ab'.repeat(32),
    note: i % 7 === 0 ? undefined : 'line one\nline two []',
    ...(i % 5 === 0 ? { render: { output: 'live', reason: 'auto', check: { browser: 'chromium', textMatch: 1, failedRequests: 0, onlineRequests: 0 }, candidates: { live: undefined, snapshot: undefined } } } : {}),
  } as ManifestEntry;
}

describe('manifestBytes', () => {
  it.each([0, 1, 255, 256, 257, 1000])('writes what JSON.stringify(manifest, null, 2) writes, %i resources', (count) => {
    const m = manifest(Array.from({ length: count }, (_, i) => entry(i)));
    expect(manifestBytes(m).equals(Buffer.from(JSON.stringify(m, null, 2)))).toBe(true);
  });
});
