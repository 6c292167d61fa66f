import { readFile } from 'node:fs/promises';
import type { LoadedPage } from '../load/page-loader.js';
import { replayResponse, type ReplayData } from './replay-shim.js';

/**
 * Puts into a live copy's replay data the images whose pixels the page's scripts read as it
 * rendered (RECORD_READ_BACK in render/in-page.ts): their layer gives them as blob: URLs of the
 * page's own (replay-read-back.ts), where a file's would be of another origin and refused.
 * Before the page's files are saved: an image may wait on disk (spooled) until then. Returns the
 * bytes it added, at most `maxBytes`.
 */
export async function keepReadBack(page: LoadedPage, data: ReplayData, maxBytes: number): Promise<number> {
  let bytes = 0;
  for (const url of page.readBackImages ?? []) {
    const found = page.browserResponses?.find((exchange) => exchange.method === 'GET' && exchange.url === url);
    if (!found || found.response.status >= 300) continue;
    const { response } = found;
    const body = response.file ? await readFile(response.file.path).catch(() => undefined) : response.body;
    if (!body || body.length === 0 || bytes + body.length > maxBytes) continue;
    bytes += body.length;
    data.responses[found.key] = replayResponse(response.status, response.headers['content-type'], body);
    (data.readBack ??= []).push(url);
  }
  return bytes;
}
