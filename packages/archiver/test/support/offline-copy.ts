import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { MemorySink } from '../../src/index.js';

// A capture's copy as a user has it: its files in a folder, opened in a browser without network.

/** Writes a capture's files into a new temporary folder (the caller removes it) and returns the folder. */
export async function unpackSink(sink: MemorySink, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  for (const [path, data] of sink.files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), data);
  }
  return dir;
}

/** Lets a context load file:, data: and blob: URLs only; lists what tried to go online and what failed (with why). */
export async function offlineContext(context: BrowserContext): Promise<{ online: string[]; failed: string[] }> {
  const online: string[] = [];
  const failed: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (/^(file|data|blob):/.test(url)) return route.continue();
    online.push(url);
    return route.abort('internetdisconnected');
  });
  context.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  return { online, failed };
}
