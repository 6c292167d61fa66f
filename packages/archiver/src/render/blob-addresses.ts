import type { Page } from 'playwright-core';
import { call } from './in-page.js';
import type { RenderStop } from './render-stop.js';

// A rendered page's images (and media posters, styles' url()s) that its scripts made from blob:
// URLs (an XHR's or fetch()'s blob, a canvas's toBlob, a decoded file) name a store that lives as
// long as the page: in the saved markup they load nothing, in a copy or anywhere else. Each is
// read where it lives, as a data: URL that keeps its bytes, before the page is let go.

/** blob: URLs in markup: up to a quote, a space, a bracket or an entity's ampersand. */
const BLOB_URL = /blob:[a-z][a-z0-9+.-]*:\/\/[^\s"'()<>&]+/gi;
/** Blobs read at most, and bytes each: past these the address is left as it was. */
const MAX_BLOBS = 200;
const MAX_BLOB_BYTES = 8 * 1024 * 1024;

/**
 * In the page: each blob: URL's bytes as a data: URL, by fetch() (the store is the page's own);
 * a blob the page revoked once its image had loaded, by drawing that image (as PNG). Answers
 * what it could read.
 */
const READ_BLOBS = `async ({ urls, maxBytes }) => {
  const asDataUrl = (blob) => new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => resolve(undefined);
    reader.readAsDataURL(blob);
  });
  const drawn = (url) => {
    const image = Array.from(document.images).find((img) => img.currentSrc === url && img.complete && img.naturalWidth > 0);
    if (!image || image.naturalWidth * image.naturalHeight > 16777216) return undefined;
    try {
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d').drawImage(image, 0, 0);
      return canvas.toDataURL('image/png');
    } catch { return undefined; }
  };
  const read = {};
  await Promise.all(urls.map(async (url) => {
    try {
      const blob = await (await fetch(url)).blob();
      if (blob.size <= maxBytes) read[url] = await asDataUrl(blob);
    } catch {
      const image = drawn(url);
      if (image) read[url] = image;
    }
  }));
  return read;
}`;

/** `html` with the blob: URLs of the page's store that it names replaced by their bytes, as data: URLs. */
export async function inlineBlobs(page: Page, html: string, stop: RenderStop): Promise<{ html: string; inlined: number }> {
  const urls = [...new Set(html.match(BLOB_URL) ?? [])].slice(0, MAX_BLOBS);
  if (urls.length === 0) return { html, inlined: 0 };
  const read = (await stop.race(page.evaluate(call(READ_BLOBS, { urls, maxBytes: MAX_BLOB_BYTES })))) as Record<string, string | undefined>;
  const found = Object.entries(read).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].startsWith('data:'));
  if (found.length === 0) return { html, inlined: 0 };
  const bytes = new Map(found);
  return { html: html.replace(BLOB_URL, (url) => bytes.get(url) ?? url), inlined: found.length };
}
