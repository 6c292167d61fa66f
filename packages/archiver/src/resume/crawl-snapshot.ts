import { replayFile } from '../capture/live-copy.js';
import type { ManifestEntry } from '../capture/manifest.js';
import { OFFLINE_GUARD_PATH } from '../capture/offline-guard.js';
import { MODULES_FOLDER } from '../capture/process-module.js';
import { PAGEFIND_SCRIPT_PATH } from '../capture/replay-pagefind.js';
import { REPLAY_LAYER_PATHS } from '../capture/replay-shim.js';
import type { PageEntry } from '../crawl/frontier.js';
import type { CrawlRecord, CrawlSnapshot } from './crawl-record.js';

type ResourceRecord = Extract<CrawlRecord, { t: 'resource' }>;

/**
 * Kinds whose outcome lives partly in memory (a sprite's text that pages inline, a module's
 * imports, which pages load with it): they are fetched again rather than trusted from the journal.
 */
const KEPT_IN_MEMORY = new Set(['module', 'sprite']);

/** A file that pages share: a replay layer, a module's registration, the static pages' guard, the Pagefind side (saved once, see CaptureContext.sharedFiles). */
export function isSharedFile(path: string): boolean {
  return (
    path.startsWith(MODULES_FOLDER) ||
    (REPLAY_LAYER_PATHS as readonly string[]).includes(path) ||
    path === OFFLINE_GUARD_PATH ||
    path === PAGEFIND_SCRIPT_PATH
  );
}

/**
 * Folds a journal into what a new run can reuse. A later record of the same thing wins; a page
 * or resource counts as saved only when its ZIP entry is complete, so a record written just
 * before a kill, for a file that never reached the disk, is fetched again instead of trusted.
 * Undefined when the start page was not saved: the crawl then starts over.
 */
export function snapshotOf(records: Iterable<CrawlRecord>): CrawlSnapshot | undefined {
  let start: Extract<CrawlRecord, { t: 'start' }> | undefined;
  const admitted = new Map<string, PageEntry>();
  const pages = new Map<string, Extract<CrawlRecord, { t: 'page' }>>();
  const resources = new Map<string, ResourceRecord>();
  const processing = new Set<string>();
  const processed = new Map<string, ManifestEntry>();
  const contents = new Map<string, string>();
  const logged = new Map<string, Extract<CrawlRecord, { t: 'logged' }>>();
  const refusals: CrawlSnapshot['refusals'] = [];
  const entries = new Map<string, Extract<CrawlRecord, { t: 'entry' }>>();
  const scriptImports = new Map<string, Extract<CrawlRecord, { t: 'script-imports' }>>();
  const siteResponses: Extract<CrawlRecord, { t: 'site-responses' }>[] = [];
  const readings = new Map<string, Extract<CrawlRecord, { t: 'script-reading' }>>();
  for (const record of records) {
    if (record.t === 'start') start = record;
    else if (record.t === 'admit') admitted.set(record.page.canonical, record.page);
    else if (record.t === 'page') pages.set(record.canonical, record);
    else if (record.t === 'resource') resources.set(record.key, record);
    else if (record.t === 'processing') processing.add(record.key);
    else if (record.t === 'processed') processed.set(record.key, record.entry);
    else if (record.t === 'content') contents.set(record.digest, record.path);
    else if (record.t === 'logged') logged.set(record.deps.url, record);
    else if (record.t === 'entry') entries.set(record.path, record);
    else if (record.t === 'script-imports') scriptImports.set(record.path, record);
    else if (record.t === 'site-responses') siteResponses.push(record);
    else if (record.t === 'script-reading') readings.set(record.key, record);
    else refusals.push(record);
  }
  // A live copy is its page and its replay file (live-copy.ts): one without the other is not saved.
  const files = (entry: ManifestEntry, path: string) => (entry.render?.output === 'live' ? [path, replayFile(path)] : [path]);
  const complete = (entry: ManifestEntry, path: string) => files(entry, path).every((file) => entries.has(file));
  if (!start || !complete(start.entry, 'index.html')) return undefined;
  const needed = new Set(files(start.entry, 'index.html'));
  // The files pages share (saved before the first page that loads them), which re-processing does not save again.
  for (const path of entries.keys()) if (isSharedFile(path)) needed.add(path);
  const snapshot: CrawlSnapshot = { start, pages: [], resources: [], logged: [], refetch: [], contents: [], scriptImports: [], siteResponses: [], refusals, readings: [...readings.values()], entries: [] };
  for (const page of admitted.values()) {
    const journaled = page.path !== 'index.html' ? pages.get(page.canonical) : undefined;
    const record = journaled && complete(journaled.entry, page.path) ? journaled : undefined;
    const saved = page.path === 'index.html' ? start.entry : record?.entry;
    if (record) for (const file of files(record.entry, page.path)) needed.add(file);
    snapshot.pages.push({ page, saved, ...(record?.deps ? { deps: record.deps } : {}) });
  }
  for (const journaled of resources.values()) {
    const { outcome, key } = journaled;
    // A file still being processed when the run stopped may have been saved without its references.
    const unfinished = processing.has(key) && !processed.has(key);
    const record = processed.has(key) ? { ...journaled, entry: processed.get(key)! } : journaled;
    if (!outcome.ok) {
      // A failure because the run was stopped says nothing about the resource.
      if (outcome.code !== 'ABORTED') snapshot.resources.push(record);
    } else if (!unfinished && !outcome.dataUrl && !record.entry.inlined && !KEPT_IN_MEMORY.has(record.request.kind) && entries.has(outcome.path)) {
      needed.add(outcome.path);
      snapshot.resources.push(record);
      const log = logged.get(record.request.url);
      if (log) snapshot.logged.push(log);
    } else if (!outcome.dataUrl) snapshot.refetch.push(record.request);
  }
  for (const [path, record] of scriptImports) if (needed.has(path)) snapshot.scriptImports.push(record);
  for (const record of siteResponses) if (needed.has(record.path)) snapshot.siteResponses.push(record);
  for (const [digest, path] of contents) if (needed.has(path)) snapshot.contents.push({ t: 'content', digest, path });
  for (const path of needed) snapshot.entries.push(entries.get(path)!);
  return snapshot;
}
