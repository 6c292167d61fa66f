import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ByteRange } from '../files/file-store.js';
import { MemoryCheckpointStore } from './checkpoint-store.js';
import { CrawlCheckpoints } from './crawl-checkpoints.js';
import { stateFiles, type StateFiles } from './state-files.js';

// A checkpoint comes on a 20 ms timer and a file's change: under a loaded test run (two cores,
// every file at once) that took over vi.waitFor's default second.
const EVENTUALLY = { timeout: 15_000 };

const log = pino({ level: 'silent' });
const JOB = 'job0123456789abcdefghi';
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitezip-checkpoints-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What a capture process does when it opens a run's state: a new journal and ZIP. */
async function openRun(files: StateFiles, journal: string, zip: string): Promise<void> {
  await mkdir(dirname(files.journal), { recursive: true });
  await writeFile(files.identity, '{"url":"https://example.com/"}');
  await writeFile(files.journal, journal);
  await writeFile(files.partial, zip);
}

/** A store whose connection drops as the object named `dropping` is read. */
class DroppingStore extends MemoryCheckpointStore {
  dropping: string | undefined;

  override async read(jobId: string, name: string, range?: ByteRange) {
    if (name === this.dropping) throw new Error('socket hang up');
    return super.read(jobId, name, range);
  }
}

/** A run on machine a checkpointed twice: the start page, then a page. Returns its two segments' names. */
async function twoSegments(store: MemoryCheckpointStore, checkpoints: CrawlCheckpoints): Promise<string[]> {
  const here = stateFiles(join(root, 'a', JOB));
  const run = await (await checkpoints.prepare(JOB, here.dir, log))();
  await openRun(here, '{"t":"start"}\n', 'ZIP-1');
  run.onStateOpened();
  await vi.waitFor(async () => expect(await store.list(JOB)).toHaveLength(2), EVENTUALLY);
  await appendFile(here.partial, 'ZIP-2');
  await appendFile(here.journal, '{"t":"page"}\n');
  await vi.waitFor(async () => expect(await store.list(JOB)).toHaveLength(3), EVENTUALLY);
  await run.stop();
  return (await store.list(JOB)).map(({ name }) => name).filter((name) => !name.endsWith('crawl.json')).sort();
}

describe('crawl checkpoints', () => {
  it('copies a run as it grows and rebuilds it on another machine; the job over, nothing is left', async () => {
    const store = new MemoryCheckpointStore();
    const checkpoints = new CrawlCheckpoints(store, { intervalMs: 20, bytes: 1 << 20 });
    const here = stateFiles(join(root, 'a', JOB));
    const start = await checkpoints.prepare(JOB, here.dir, log);
    const run = await start();
    await openRun(here, '{"t":"start"}\n', 'ZIP-1');
    run.onStateOpened();
    await vi.waitFor(async () => expect(await store.list(JOB)).toHaveLength(2), EVENTUALLY);
    // In a capture's order: the ZIP's bytes, then the journal naming them (a checkpoint taken
    // between the two, as a busy machine's timer did, would otherwise hold the journal alone).
    await appendFile(here.partial, 'ZIP-2');
    await appendFile(here.journal, '{"t":"page"}\n{"t":"ha');
    await vi.waitFor(async () => expect(await store.list(JOB)).toHaveLength(3), EVENTUALLY);
    await run.stop();

    const there = stateFiles(join(root, 'b', JOB));
    const next = await checkpoints.prepare(JOB, there.dir, log);
    expect(await readFile(there.journal, 'utf8')).toBe('{"t":"start"}\n{"t":"page"}\n{"t":"ha');
    expect(await readFile(there.partial, 'utf8')).toBe('ZIP-1ZIP-2');
    expect(await readFile(there.identity, 'utf8')).toBe('{"url":"https://example.com/"}');
    // The run continued there writes the next generation; the first is kept until it holds as much.
    await next();
    expect(await readFile(there.generation, 'utf8')).toBe('1');

    await checkpoints.discard(JOB);
    expect(await store.list(JOB)).toEqual([]);
  });

  it("keeps this machine's folder when it is at least as new as the checkpoints", async () => {
    const store = new MemoryCheckpointStore();
    const checkpoints = new CrawlCheckpoints(store, { intervalMs: 20, bytes: 1 << 20 });
    const here = stateFiles(join(root, 'a', JOB));
    const run = await (await checkpoints.prepare(JOB, here.dir, log))();
    await openRun(here, '{"t":"start"}\n', 'ZIP-1');
    run.onStateOpened();
    await vi.waitFor(async () => expect(await store.list(JOB)).toHaveLength(2), EVENTUALLY);
    await run.stop();
    // Written after the last checkpoint: only this machine has it.
    await appendFile(here.journal, '{"t":"page"}\n');
    await checkpoints.prepare(JOB, here.dir, log);
    expect(await readFile(here.journal, 'utf8')).toBe('{"t":"start"}\n{"t":"page"}\n');
  });

  it('continues from the segments before one whose upload was cut off', async () => {
    const store = new MemoryCheckpointStore();
    const checkpoints = new CrawlCheckpoints(store, { intervalMs: 20, bytes: 1 << 20 });
    const [, second] = await twoSegments(store, checkpoints);
    // Its worker killed mid-PUT: the store lists what it received, the page's journal line and
    // part of its ZIP bytes (as s3rver does). Rebuilt, the journal would name a ZIP entry the ZIP lacks.
    const key = `${JOB}/${second}`;
    store.objects.set(key, store.objects.get(key)!.subarray(0, '{"t":"page"}\n'.length + 2));

    const there = stateFiles(join(root, 'b', JOB));
    await checkpoints.prepare(JOB, there.dir, log);
    expect(await readFile(there.journal, 'utf8')).toBe('{"t":"start"}\n');
    expect(await readFile(there.partial, 'utf8')).toBe('ZIP-1');
  });

  it('leaves no folder to continue from when a rebuild fails part way (the crawl starts over)', async () => {
    const store = new DroppingStore();
    const checkpoints = new CrawlCheckpoints(store, { intervalMs: 20, bytes: 1 << 20 });
    const [, second] = await twoSegments(store, checkpoints);
    // The connection drops as the second segment is read, the first one's bytes appended already.
    store.dropping = second;
    const there = stateFiles(join(root, 'b', JOB));
    await checkpoints.prepare(JOB, there.dir, log);
    expect(existsSync(there.dir)).toBe(false);
  });

  it('sweeps the checkpoints of jobs that are over, and only those', async () => {
    const store = new MemoryCheckpointStore();
    const checkpoints = new CrawlCheckpoints(store, { intervalMs: 20, bytes: 1 << 20 });
    await store.put('over', '000000/crawl.json', Buffer.from('{}'), 2);
    await store.put('running', '000000/crawl.json', Buffer.from('{}'), 2);
    expect(await checkpoints.sweep(async (id) => id === 'over')).toBe(1);
    expect(await store.jobs()).toEqual(['running']);
  });

  it('keeps the run a continued run came from until the continued one holds as much ZIP', async () => {
    const store = new MemoryCheckpointStore();
    const checkpoints = new CrawlCheckpoints(store, { intervalMs: 20, bytes: 1 << 20 });
    const here = stateFiles(join(root, 'a', JOB));
    const first = await (await checkpoints.prepare(JOB, here.dir, log))();
    await openRun(here, '{"t":"start"}\n', 'ZIP-ONE-TEN');
    first.onStateOpened();
    await vi.waitFor(async () => expect(await store.list(JOB)).toHaveLength(2), EVENTUALLY);
    await first.stop();

    const there = stateFiles(join(root, 'b', JOB));
    const second = await (await checkpoints.prepare(JOB, there.dir, log))();
    await openRun(there, '{"t":"start"}\n', 'ZIP');
    second.onStateOpened();
    await vi.waitFor(async () => expect((await store.list(JOB)).filter(({ name }) => name.startsWith('000001/'))).toHaveLength(2), EVENTUALLY);
    expect((await store.list(JOB)).filter(({ name }) => name.startsWith('000000/'))).toHaveLength(2);
    // In a capture's order, the ZIP's bytes before the journal line naming them: a checkpoint
    // taken between the two the other way round holds the line alone, and the bytes wait for the next line.
    await appendFile(there.partial, '-ONE-TEN-MORE');
    await appendFile(there.journal, '{"t":"page"}\n');
    await vi.waitFor(async () => expect((await store.list(JOB)).every(({ name }) => name.startsWith('000001/'))).toBe(true), EVENTUALLY);
    await second.stop();
  });
});
