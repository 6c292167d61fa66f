import { PassThrough, Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isJobId } from '../jobs/job-id.js';
import type { ByteRange, FileStore, ZipUpload } from './file-store.js';

export interface S3Settings {
  /** For S3-compatible services (MinIO, R2, a local test server); AWS when absent. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Key prefix, so several deployments (or test runs) can share a bucket. */
  prefix: string;
}

const PART_BYTES = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');
}

/** A client of the bucket `settings` name (the file store's, the crawl checkpoints'). */
export function createS3Client(settings: S3Settings, extra: Omit<S3ClientConfig, 'region' | 'endpoint' | 'credentials'> = {}): S3Client {
  return new S3Client({
    ...extra,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

/**
 * ZIPs in an S3-compatible bucket. The ZIP's bytes stream straight into a multipart upload,
 * so no capture is ever held on local disk; reads use ranged GETs (downloads and previews).
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = createS3Client(settings);
  }

  /** Creates the bucket when it does not exist (handy for MinIO and tests; real S3 buckets are made ahead). */
  async init(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      if (!isMissing(error)) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.settings.bucket }));
    }
  }

  createUpload(id: string): ZipUpload {
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.key(id), Body: body, ContentType: 'application/zip' },
      partSize: PART_BYTES,
      queueSize: 2,
    });
    const uploaded = upload.done();
    uploaded.catch(() => undefined);
    return {
      stream: body,
      commit: async () => {
        await uploaded;
      },
      abort: async () => {
        await upload.abort().catch(() => undefined);
        body.destroy();
      },
    };
  }

  async stat(id: string): Promise<{ bytes: number } | undefined> {
    if (!isJobId(id)) return undefined;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
      return { bytes: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(id: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(id),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(object.Body instanceof Readable)) throw new Error('unexpected S3 body');
    return object.Body;
  }

  async delete(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(id) }));
  }

  private key(id: string): string {
    if (!isJobId(id)) throw new Error(`invalid file id ${id}`);
    return `${this.settings.prefix}${id}.zip`;
  }
}
