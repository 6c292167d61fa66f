import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ArchiveSink } from './archive-sink.js';
import { addThroughFile } from './file-entry.js';

describe('addThroughFile', () => {
  it('adds the pieces as one file of their size, there until removed', async () => {
    const added: { path: string; source: string; size: number; data: Buffer }[] = [];
    const sink: ArchiveSink = {
      add: async () => undefined,
      addFile: async (path, source, options) => void added.push({ path, source, size: options.size, data: await readFile(source) }),
      close: async () => undefined,
      abort: async () => undefined,
    };
    const pieces = ['{"a":[', '1,2', '],"b":"é"}'].map((text) => Buffer.from(text));
    const { size, remove } = await addThroughFile(sink, 'dir/log.json', pieces);
    expect(added).toHaveLength(1);
    expect(added[0]!.path).toBe('dir/log.json');
    expect(added[0]!.data.toString()).toBe('{"a":[1,2],"b":"é"}');
    expect(size).toBe(Buffer.byteLength('{"a":[1,2],"b":"é"}'));
    expect(added[0]!.size).toBe(size);
    expect(existsSync(added[0]!.source)).toBe(true);
    await remove();
    expect(existsSync(added[0]!.source)).toBe(false);
  });
});
