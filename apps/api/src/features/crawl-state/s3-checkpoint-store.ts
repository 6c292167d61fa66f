import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { isJobId } from '../jobs/job-id.js';
import type { ByteRange } from '../files/file-store.js';
import type { CheckpointStore, StoredObject } from './checkpoint-store.js';

const DELETE_BATCH = 1000;

/** Checkpoints in the bucket of the scaled shape: `<S3_PREFIX>crawl-state/<job id>/<name>`. */
export class S3CheckpointStore implements CheckpointStore {
  private readonly root: string;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    prefix: string,
  ) {
    this.root = `${prefix}crawl-state/`;
  }

  async list(jobId: string): Promise<StoredObject[]> {
    const folder = this.folder(jobId);
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ...(token ? { ContinuationToken: token } : {}) }));
      for (const { Key, Size } of page.Contents ?? []) if (Key) objects.push({ name: Key.slice(folder.length), size: Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  async put(jobId: string, name: string, body: Readable | Buffer, length: number): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.folder(jobId) + name, Body: body, ContentLength: length }));
  }

  async read(jobId: string, name: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: this.folder(jobId) + name, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    if (!(object.Body instanceof Readable)) throw new Error('unexpected S3 body');
    return object.Body;
  }

  async delete(jobId: string, names: readonly string[]): Promise<void> {
    const folder = this.folder(jobId);
    for (let i = 0; i < names.length; i += DELETE_BATCH) {
      const objects = names.slice(i, i + DELETE_BATCH).map((name) => ({ Key: folder + name }));
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }));
    }
  }

  async jobs(): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.root, Delimiter: '/', ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const { Prefix } of page.CommonPrefixes ?? []) if (Prefix) ids.push(Prefix.slice(this.root.length, -1));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return ids.filter(isJobId);
  }

  private folder(jobId: string): string {
    if (!isJobId(jobId)) throw new Error(`invalid job id ${jobId}`);
    return `${this.root}${jobId}/`;
  }
}
