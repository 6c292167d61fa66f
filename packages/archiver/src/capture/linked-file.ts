import type { FetchedResource } from '../fetch/fetcher.js';
import { escapeAttribute, escapeText } from '../parse/html-edits.js';
import { isAlreadyCompressed } from '../resolve/content-types.js';
import { relativeLink } from '../resolve/relative-path.js';
import { commitBytes, save, saveResource, type CaptureContext } from './context.js';

// A site's link to a file that is no web page (a PDF, the text of a page's source, an image at
// full size, an archive to download): a mirror keeps the file, as wget --mirror does, and the
// page's place in the copy, where links to it were written before its type was known, sends the
// browser on to it.

/**
 * Saves `resource` as a file of its own (once, however many addresses serve the same bytes)
 * and at `pagePath` a page that opens it. Returns the file's path, or undefined when the
 * capture's byte budget has no room for it.
 */
export async function saveLinkedFile(ctx: CaptureContext, pagePath: string, resource: FetchedResource, digest: string): Promise<string | undefined> {
  let path = ctx.contents.get(digest);
  if (!path) {
    if (!commitBytes(ctx, resource.file?.size ?? resource.body.length)) return undefined;
    // Its own entry in the path table: the page's address already names the page's place.
    path = ctx.paths.allocate(`${resource.url.split('#')[0]}#sitezip-linked-file`, resource.mimeType);
    ctx.contents.set(digest, path);
    ctx.record({ t: 'content', digest, path });
    await saveResource(ctx, path, resource, !isAlreadyCompressed(resource.mimeType));
  }
  const link = escapeAttribute(relativeLink(pagePath, path));
  const name = escapeText(path.slice(path.lastIndexOf('/') + 1));
  const html = `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${link}"><title>${name}</title>
<p><a href="${link}">${name}</a></p>\n`;
  await save(ctx, pagePath, Buffer.from(html), true);
  return path;
}
