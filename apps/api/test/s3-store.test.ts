import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../../packages/archiver/test/support/read-zip.js';
import { loadConfig } from '../src/config.js';
import { S3FileStore } from '../src/features/files/s3-file-store.js';
import { uploadSink } from '../src/features/files/file-store.js';
import { startTestS3, type TestS3 } from './support/s3.js';

let s3: TestS3;
let store: S3FileStore;
beforeAll(async () => {
  s3 = await startTestS3();
  store = new S3FileStore(loadConfig({ ...s3.env, S3_PREFIX: 'run1/' }).s3!);
  await store.init();
});
afterAll(() => s3.close());

async function text(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3FileStore', () => {
  it('streams a ZIP into the bucket (multipart past 8 MB) and reads it back whole and by range', async () => {
    const id = randomBytes(16).toString('base64url');
    const big = randomBytes(12 * 1024 * 1024);
    const sink = uploadSink(store.createUpload(id));
    await sink.add('index.html', Buffer.from('<p>hi</p>'), { compress: true });
    await sink.add('big.bin', big, { compress: false });
    expect(await store.stat(id)).toBeUndefined();
    await sink.close();
    const stat = await store.stat(id);
    expect(stat?.bytes).toBeGreaterThan(big.length);
    const whole = await text(await store.read(id));
    expect(whole.length).toBe(stat!.bytes);
    const files = await readZip(whole);
    expect(files.get('index.html')?.toString()).toBe('<p>hi</p>');
    expect(files.get('big.bin')?.equals(big)).toBe(true);
    expect(await text(await store.read(id, { start: 5, end: 14 }))).toEqual(whole.subarray(5, 15));
    await store.delete(id);
    expect(await store.stat(id)).toBeUndefined();
  });

  it('leaves nothing behind when a capture is aborted', async () => {
    const id = randomBytes(16).toString('base64url');
    const sink = uploadSink(store.createUpload(id));
    await sink.add('index.html', Buffer.from('x'), { compress: true });
    await sink.abort();
    expect(await store.stat(id)).toBeUndefined();
  });
});
