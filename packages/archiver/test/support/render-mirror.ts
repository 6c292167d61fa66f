import { rm } from 'node:fs/promises';
import { archiveSite, MemorySink, type Manifest, type ManifestEntry, type SiteOptionsInput } from '../../src/index.js';
import { BrowserHost } from '../../src/render/index.js';
import { unpackSink } from './offline-copy.js';
import { renderFixture, serveRenderFixture } from './render-fixtures.js';
import type { StaticFolder } from './static-folder.js';

/** A render fixture mirrored and unpacked, with a browser to open the copy in. */
export interface RenderMirror {
  site: StaticFolder;
  host: BrowserHost;
  manifest: Manifest;
  dir: string;
  /** The manifest entry of the rendered page at `path` (throws when there is none). */
  page(path: string): ManifestEntry;
  close(): Promise<void>;
}

/** Serves fixture `name`, mirrors it from `start` with archiveSite (private addresses allowed, no retries, no sitemaps) and unpacks the copy. */
export async function mirrorRenderFixture(name: string, start: string, options: SiteOptionsInput): Promise<RenderMirror> {
  const site = await serveRenderFixture(renderFixture(name));
  const host = new BrowserHost();
  const sink = new MemorySink();
  let dir: string | undefined;
  try {
    await archiveSite(`${site.origin}${start}`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, ...options });
    dir = await unpackSink(sink, `sitezip-${name}-`);
  } catch (error) {
    await Promise.all([host.close(), site.close()]);
    throw error;
  }
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  return {
    site,
    host,
    manifest,
    dir,
    page(path) {
      const entry = manifest.resources.find((r) => new URL(r.url).pathname === path && r.render);
      if (!entry) throw new Error(`no rendered page ${path} in the manifest`);
      return entry;
    },
    async close() {
      await host.close();
      await site.close();
      await rm(dir!, { recursive: true, force: true });
    },
  };
}
