import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { bestGeneration, generationsOf, identityName, type Generation } from './checkpoint-names.js';
import type { CheckpointStore } from './checkpoint-store.js';
import type { StateFiles } from './state-files.js';

export interface Restored {
  /** The generation the next run of the crawl writes. */
  next: number;
  /** Where the state came from: this machine's folder, the store, or nowhere (a first run). */
  from: 'local' | 'checkpoint' | 'none';
  /** Bytes of ZIP rebuilt from the store. */
  zipBytes: number;
}

/**
 * Before a run of a Full Website job: its state folder as the best checkpoint left it, unless
 * this machine's own folder is at least as new (the job ran here last). The folder is made as
 * the capture pool makes it: the folder of all jobs passable, each job's private. A rebuild that
 * fails part way removes it: a journal naming ZIP entries the ZIP lacks would crash the capture
 * that continued from it, where without a folder the crawl starts over.
 */
export async function restoreCheckpoint(store: CheckpointStore, jobId: string, files: StateFiles): Promise<Restored> {
  const generations = generationsOf(await store.list(jobId));
  const best = bestGeneration(generations);
  const next = Math.max(-1, ...generations.map((g) => g.number)) + 1;
  const local = await localGeneration(files);
  if (!best || (local !== undefined && local >= best.number)) return { next, from: local === undefined ? 'none' : 'local', zipBytes: 0 };
  await rm(files.dir, { recursive: true, force: true });
  try {
    await makeStateDir(files);
    await mkdir(dirname(files.identity), { mode: 0o700 });
    await rebuild(store, jobId, best, files);
  } catch (error) {
    await rm(files.dir, { recursive: true, force: true });
    throw error;
  }
  return { next, from: 'checkpoint', zipBytes: best.zipBytes };
}

/** Records that the folder's files are at least as new as `generation` (the run about to start writes it). */
export async function markGeneration(files: StateFiles, generation: number): Promise<void> {
  await makeStateDir(files);
  await writeFile(files.generation, String(generation));
}

/** As the capture pool makes it (which then hands it to the capture's user): the folder of all jobs passable, not listable. */
async function makeStateDir(files: StateFiles): Promise<void> {
  await mkdir(dirname(files.dir), { recursive: true, mode: 0o711 });
  await mkdir(files.dir, { recursive: true, mode: 0o700 });
}

async function localGeneration(files: StateFiles): Promise<number | undefined> {
  const [marker, journal] = await Promise.all([readFile(files.generation, 'utf8').catch(() => undefined), stat(files.journal).catch(() => undefined)]);
  return marker !== undefined && journal ? Number(marker) : undefined;
}

/** The identity, then each segment's journal bytes appended to the journal and its ZIP bytes to the ZIP. */
async function rebuild(store: CheckpointStore, jobId: string, generation: Generation, files: StateFiles): Promise<void> {
  await pipeline(await store.read(jobId, identityName(generation.number)), createWriteStream(files.identity));
  const [journal, zip] = await Promise.all([open(files.journal, 'w'), open(files.partial, 'w')]);
  try {
    let journalEnd = 0;
    let zipEnd = 0;
    for (const segment of generation.segments) {
      const journalBytes = segment.journalEnd - journalEnd;
      const zipBytes = segment.zipEnd - zipEnd;
      if (journalBytes > 0) await append(await store.read(jobId, segment.name, { start: 0, end: journalBytes - 1 }), journal, journalBytes, segment.name);
      if (zipBytes > 0) await append(await store.read(jobId, segment.name, { start: journalBytes, end: journalBytes + zipBytes - 1 }), zip, zipBytes, segment.name);
      journalEnd = segment.journalEnd;
      zipEnd = segment.zipEnd;
    }
  } finally {
    await Promise.all([journal.close(), zip.close()]);
  }
}

/** Appends the `expected` bytes of a range of `name`; fewer (a store that gave less than asked) fail the rebuild. */
async function append(from: AsyncIterable<unknown>, to: FileHandle, expected: number, name: string): Promise<void> {
  let bytes = 0;
  for await (const chunk of from) {
    await to.write(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  if (bytes !== expected) throw new Error(`checkpoint ${name}: ${bytes} bytes read where ${expected} were expected`);
}
