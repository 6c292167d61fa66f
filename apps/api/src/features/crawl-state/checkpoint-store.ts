import { Readable } from 'node:stream';
import type { ByteRange } from '../files/file-store.js';

/** One object of a job's folder, with its size as the store has it. */
export interface StoredObject {
  name: string;
  /** Bytes the store holds: an upload cut off (its worker killed mid-PUT) may be listed short, as s3rver keeps it. */
  size: number;
}

/**
 * Where Full Website jobs keep copies of their crawl state while they run, so that a worker on
 * another machine can continue a crawl whose worker died. Objects are named per job (see
 * checkpoint-names.ts); the scaled shape keeps them in its bucket.
 */
export interface CheckpointStore {
  /** The job's objects. */
  list(jobId: string): Promise<StoredObject[]>;
  put(jobId: string, name: string, body: Readable | Buffer, length: number): Promise<void>;
  read(jobId: string, name: string, range?: ByteRange): Promise<Readable>;
  delete(jobId: string, names: readonly string[]): Promise<void>;
  /** The jobs that have objects (for the sweeper). */
  jobs(): Promise<string[]>;
}

/** The in-memory twin, for tests. */
export class MemoryCheckpointStore implements CheckpointStore {
  readonly objects = new Map<string, Buffer>();

  async list(jobId: string): Promise<StoredObject[]> {
    return [...this.objects].filter(([key]) => key.startsWith(`${jobId}/`)).map(([key, data]) => ({ name: key.slice(jobId.length + 1), size: data.length }));
  }

  async put(jobId: string, name: string, body: Readable | Buffer, length: number): Promise<void> {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(body)) chunks.push(body);
    else for await (const chunk of body) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    // As a bucket would refuse a body of another length than announced.
    if (data.length !== length) throw new Error(`checkpoint object ${jobId}/${name}: ${data.length} bytes, ${length} announced`);
    this.objects.set(`${jobId}/${name}`, data);
  }

  async read(jobId: string, name: string, range?: ByteRange): Promise<Readable> {
    const data = this.objects.get(`${jobId}/${name}`);
    if (!data) throw new Error(`no checkpoint object ${jobId}/${name}`);
    return Readable.from([range ? data.subarray(range.start, range.end + 1) : data]);
  }

  async delete(jobId: string, names: readonly string[]): Promise<void> {
    for (const name of names) this.objects.delete(`${jobId}/${name}`);
  }

  async jobs(): Promise<string[]> {
    return [...new Set([...this.objects.keys()].map((key) => key.split('/')[0]!))];
  }
}
