import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { readZip } from '../../../../packages/archiver/test/support/read-zip.js';
import type { buildApp } from '../../src/app.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/** A job's ZIP from the store, by path, without its manifest (whose times differ from run to run). */
export async function zipOf(app: App, jobId: string): Promise<Map<string, Buffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of await app.services.store.read(jobId)) chunks.push(chunk as Buffer);
  const files = await readZip(Buffer.concat(chunks));
  files.delete('sitezip-manifest.json');
  return files;
}

/** The same Full Website job run by nobody interrupted: what a resumed job's ZIP must equal. */
export async function uninterruptedZip(app: App, url: string): Promise<{ id: string; files: Map<string, Buffer> }> {
  const id = `whole${randomBytes(8).toString('hex')}a`;
  await app.services.jobs.create({ id, ownerId: null, url, mode: 'full', plan: 'monthly' });
  await app.services.queue.enqueue(id, 0);
  expect((await app.services.jobsService.waitForFinish(id)).status).toBe('done');
  return { id, files: await zipOf(app, id) };
}
