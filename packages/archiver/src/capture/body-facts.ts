import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { validatorsOf } from '../fetch/conditional.js';
import type { FetchedResource } from '../fetch/fetcher.js';
import { freshUntil } from '../fetch/freshness.js';
import type { ManifestEntry } from './manifest.js';

/** SHA-256 (hex) of a body as received, in memory or spooled to disk (read back as a stream). */
export async function contentDigest(resource: FetchedResource): Promise<string> {
  if (resource.sha256) return resource.sha256;
  const hash = createHash('sha256');
  if (!resource.file) return hash.update(resource.body).digest('hex');
  for await (const chunk of createReadStream(resource.file.path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Records in a manifest entry what a later update needs: the validators to ask the server
 * whether the body changed, the body's hash to tell by itself when the server cannot say, and
 * until when the server said it stays current (no need to ask before then).
 */
export function noteBodyFacts(entry: ManifestEntry, resource: FetchedResource, sha256: string): void {
  Object.assign(entry, validatorsOf(resource.headers));
  entry.sha256 = sha256;
  const until = resource.fresh ? resource.freshUntil : freshUntil(resource.url, resource.status, resource.headers);
  if (until) entry.freshUntil = until;
  if (resource.fresh) entry.fresh = true;
}
