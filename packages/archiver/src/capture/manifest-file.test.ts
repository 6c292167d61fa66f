import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ArchiveSink } from '../sink/archive-sink.js';
import { MANIFEST_PATH, type Manifest, type ManifestEntry } from './manifest.js';
import { addManifest } from './manifest-file.js';

function manifest(count: number): Manifest {
  const resources: ManifestEntry[] = Array.from({ length: count }, (_, i) => ({ url: `https://example.com/p/${i}/`, path: `p/${i}/index.html`, status: 200, sha256: 'ab'.repeat(32) }));
  const now = '2026-11-26T18:00:00.000Z';
  return { generator: 'sitezip', url: 'https://example.com/', finalUrl: 'https://example.com/', startedAt: now, finishedAt: now, durationMs: 0, files: count, pages: count, bytes: 0, failures: 0, resources };
}

/** A sink that says how each file came: as a buffer, or as a file on disk (read at once, as a ZIP reads it later). */
function recordingSink() {
  const added: { how: 'buffer' | 'file'; data: Buffer; source?: string }[] = [];
  const sink: ArchiveSink = {
    add: async (path, data) => void (path === MANIFEST_PATH && added.push({ how: 'buffer', data })),
    addFile: async (path, source) => void (path === MANIFEST_PATH && added.push({ how: 'file', data: await readFile(source), source })),
    close: async () => undefined,
    abort: async () => undefined,
  };
  return { sink, added };
}

describe('addManifest', () => {
  it('writes a large manifest through a temporary file, removed once the sink is done with it', async () => {
    const { sink, added } = recordingSink();
    const large = manifest(5_000);
    const remove = await addManifest(sink, large);
    expect(added).toHaveLength(1);
    expect(added[0]!.how).toBe('file');
    expect(added[0]!.data.equals(Buffer.from(JSON.stringify(large, null, 2)))).toBe(true);
    expect(existsSync(added[0]!.source!)).toBe(true);
    await remove();
    expect(existsSync(added[0]!.source!)).toBe(false);
  });

  it("keeps a small manifest (a single page's) in memory", async () => {
    const { sink, added } = recordingSink();
    const small = manifest(3);
    await (await addManifest(sink, small))();
    expect(added.map((a) => a.how)).toEqual(['buffer']);
    expect(added[0]!.data.equals(Buffer.from(JSON.stringify(small, null, 2)))).toBe(true);
  });
});
