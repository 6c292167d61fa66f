export { archivePage, type ArchiveHooks, type ArchiveSummary } from './archive.js';
export type { CaptureProgress } from './capture/context.js';
export { MANIFEST_PATH, type Manifest, type ManifestEntry, type UpdateList, type UpdateReport } from './capture/manifest.js';
export { ArchiveError, isArchiveError, type ArchiveErrorCode, type ConnectionFailure } from './errors.js';
export type { RefusalCode, RefusalReport, RefusedUrl, StopCode } from './refusals.js';
export type { FetchedResource, Fetcher, FetchInit, Validators } from './fetch/fetcher.js';
export { HttpFetcher, type FetchSession } from './fetch/http-fetcher.js';
export type { ExchangeBody, ExchangeHead, ExchangeLog } from './fetch/exchange-log.js';
export { CookieFileError, parseNetscapeCookies, type NetscapeCookie } from './fetch/netscape-cookies.js';
export { openWarcFile } from './warc/open-warc.js';
export type { WarcInfo, WarcWriter } from './warc/warc-writer.js';
export {
  allowPrivateNetworksFromEnv,
  archiveOptionsSchema,
  parseOptions,
  type ArchiveOptions,
  type ArchiveOptionsInput,
} from './options.js';
export type { ArchiveSink } from './sink/archive-sink.js';
export { MemorySink } from './sink/memory-sink.js';
export { ZipSink, zipFileSink } from './sink/zip-sink.js';
export { archiveSite } from './archive-site.js';
export { crawlStateFiles, openCrawlState, ResumeMismatch, type CrawlState } from './resume/crawl-state.js';
export { siteOptionsSchema, type SiteOptions, type SiteOptionsInput } from './site-options.js';
export { killTree, readTreeCpu, readTreeUsage, type TreeUsage } from './process-tree.js';
// playwright-core itself loads only when a browser starts.
export type { BrowserSource } from './render/browser-host.js';
/** Starts Chromium as a server other processes connect to (the API's shared browser); render code loads on first use. */
export async function launchBrowserServer(...args: Parameters<typeof import('./render/chromium-launch.js').launchBrowserServer>) {
  return (await import('./render/chromium-launch.js')).launchBrowserServer(...args);
}
export type { LoadedPage, PageLoader, PageLoadInit } from './load/page-loader.js';
export { staticLoader } from './load/static-loader.js';
export { requestEarly, type EarlyRequest } from './load/early-request.js';
export { urlPatternProblem } from './crawl/url-patterns.js';
export { PreviousCopy, PreviousCopyError, type KnownFile } from './update/previous-copy.js';
