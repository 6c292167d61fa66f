import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { generationFolder, generationsOf, identityName, segmentName, supersededBy } from './checkpoint-names.js';
import type { CheckpointStore } from './checkpoint-store.js';
import type { StateFiles } from './state-files.js';

export interface CheckpointSettings {
  /** A checkpoint at most this often... */
  intervalMs: number;
  /** ...or sooner, once this many new bytes are waiting. */
  bytes: number;
}

const POLL_MS = 1_000;

/**
 * Copies one run of a crawl's state (its journal and ZIP, both only ever appended to) into the
 * store as it grows: each checkpoint is one object with the bytes written since the last.
 * Runs in the process that runs jobs, which can read the capture process's folder; the capture
 * process itself never talks to the store.
 */
export class CheckpointWriter {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private seq = 0;
  private journal = 0;
  private zip = 0;
  private last = Date.now();
  private olderGone = false;

  constructor(
    private readonly store: CheckpointStore,
    private readonly jobId: string,
    private readonly files: StateFiles,
    private readonly generation: number,
    private readonly settings: CheckpointSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The capture process has opened the run's journal and ZIP (before that the folder holds the last run's). */
  start(): void {
    this.last = Date.now();
    this.timer = setInterval(() => this.tick(), Math.min(POLL_MS, this.settings.intervalMs));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    this.running ??= this.checkpoint()
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not save a crawl checkpoint'))
      .finally(() => (this.running = undefined));
  }

  private async checkpoint(): Promise<void> {
    const journal = await sizeOf(this.files.journal);
    // Measured after the journal: the ZIP then holds every entry the journal names.
    const zip = await sizeOf(this.files.partial);
    // New ZIP bytes the journal does not name yet are of no use to a resume.
    if (journal === undefined || zip === undefined || journal <= this.journal) return;
    const waiting = journal - this.journal + (zip - this.zip);
    if (waiting < this.settings.bytes && Date.now() - this.last < this.settings.intervalMs) return;
    const started = Date.now();
    if (this.seq === 0) {
      const identity = await readFile(this.files.identity);
      await this.store.put(this.jobId, identityName(this.generation), identity, identity.length);
    }
    const body = Readable.from(concat([this.files.journal, this.journal, journal], [this.files.partial, this.zip, zip]));
    await this.store.put(this.jobId, segmentName(this.generation, this.seq, journal, zip), body, waiting);
    this.log.debug({ generation: this.generation, seq: this.seq, bytes: waiting, ms: Date.now() - started }, 'crawl checkpoint saved');
    this.seq++;
    this.journal = journal;
    this.zip = zip;
    this.last = Date.now();
    if (!this.olderGone) this.olderGone = await this.dropSuperseded();
  }

  /** Deletes the older generations this one now holds as much as; true once none is left. */
  private async dropSuperseded(): Promise<boolean> {
    const objects = await this.store.list(this.jobId);
    const generations = generationsOf(objects);
    const current = generations.find((g) => g.number === this.generation);
    if (!current) return false;
    const gone = new Set(supersededBy(generations, current).map((g) => generationFolder(g.number)));
    const doomed = objects.map(({ name }) => name).filter((name) => gone.has(name.split('/')[0]!));
    if (doomed.length) await this.store.delete(this.jobId, doomed);
    return generations.every((g) => g.number >= this.generation || gone.has(generationFolder(g.number)));
  }
}

async function sizeOf(path: string): Promise<number | undefined> {
  return stat(path).then(
    (s) => s.size,
    () => undefined,
  );
}

/** The bytes [start, end) of each file, one after the other. */
async function* concat(...ranges: [string, number, number][]): AsyncGenerator<Buffer> {
  for (const [path, start, end] of ranges) {
    if (end > start) for await (const chunk of createReadStream(path, { start, end: end - 1 })) yield chunk as Buffer;
  }
}
