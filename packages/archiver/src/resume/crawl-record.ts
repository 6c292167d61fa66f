import type { Outcome, ResourceRequest } from '../capture/outcome.js';
import type { ManifestEntry } from '../capture/manifest.js';
import type { PageEntry } from '../crawl/frontier.js';
import type { JournaledReading } from '../load/script-readings.js';
import type { RefusalCall } from '../refusals.js';
import type { PageDeps } from '../update/page-log.js';

/**
 * One line of a crawl's journal: what an interrupted crawl needs to continue without fetching
 * again what it saved. Written in the order things happen; a record naming a file counts only
 * once an `entry` record says the file's bytes reached the ZIP (see crawl-snapshot.ts).
 */
export type CrawlRecord =
  /** The start page was saved as index.html. */
  | { t: 'start'; key: string; finalUrl: string; title?: string | undefined; entry: ManifestEntry }
  /** A page was admitted to the crawl, with the path links to it were written with. */
  | { t: 'admit'; page: PageEntry }
  /** An admitted page was saved (or a note in its place), with what its rewrite depended on when an update may reuse it. */
  | { t: 'page'; canonical: string; entry: ManifestEntry; deps?: PageDeps }
  /** A referenced URL got its outcome (a path, or why it has none). */
  | { t: 'resource'; key: string; request: ResourceRequest; outcome: Outcome; entry: ManifestEntry }
  /** A referenced file that is saved once what it references has paths (a stylesheet, a frame)... */
  | { t: 'processing'; key: string }
  /** ...and was saved so. */
  | { t: 'processed'; key: string; entry: ManifestEntry }
  /** A rewritten stylesheet's references, for the page log (see update/reuse-stylesheet.ts). */
  | { t: 'logged'; deps: PageDeps }
  /** A live page's replay file (path) and the keys of its responses that other pages may ask for (capture/site-responses.ts). */
  | { t: 'site-responses'; path: string; keys: string[] }
  /** A live copy's classic script (path) and the modules its `import()`s name, which pages loading it load too. */
  | { t: 'script-imports'; path: string; modules: string[] }
  /** What reading a script of the site said (load/script-readings.ts), which a resumed crawl need not fetch the script again to know. */
  | { t: 'script-reading'; key: string; reading: JournaledReading }
  /** A body saved as it came: identical content found later points at this path. */
  | { t: 'content'; digest: string; path: string }
  | RefusalCall
  /** A ZIP entry whose bytes are all in the file: `start` to `end` (exclusive), `size` bytes unpacked. */
  | { t: 'entry'; path: string; start: number; end: number; size: number };

/** A site capture that keeps a journal, and may continue an interrupted one. */
export interface CrawlResume {
  /** Told of every step worth keeping, in order. */
  record(record: CrawlRecord): void;
  /** What the interrupted run left, restored before the crawl goes on. */
  previous?: CrawlSnapshot | undefined;
}

/** What an interrupted crawl left that a new run can reuse (see crawl-snapshot.ts). */
export interface CrawlSnapshot {
  start: Extract<CrawlRecord, { t: 'start' }>;
  /** Every admitted page, in admission order; `saved` when its file is in the ZIP. */
  pages: { page: PageEntry; saved?: ManifestEntry | undefined; deps?: PageDeps | undefined }[];
  /** Outcomes to reuse as they are. */
  resources: Extract<CrawlRecord, { t: 'resource' }>[];
  /** Page-log records of the stylesheets among them. */
  logged: Extract<CrawlRecord, { t: 'logged' }>[];
  /** Resources whose path was given out (pages link to it) but whose file never made it: fetched again. */
  refetch: ResourceRequest[];
  contents: Extract<CrawlRecord, { t: 'content' }>[];
  /** What the reused scripts import (their files are not processed again). */
  scriptImports: Extract<CrawlRecord, { t: 'script-imports' }>[];
  /** What the saved live pages recorded, for the site's index of responses. */
  siteResponses: Extract<CrawlRecord, { t: 'site-responses' }>[];
  refusals: RefusalCall[];
  /** What the site's scripts read said, by script. */
  readings: Extract<CrawlRecord, { t: 'script-reading' }>[];
  /** The ZIP entries the reused pages and resources need, where they are in the previous file. */
  entries: Extract<CrawlRecord, { t: 'entry' }>[];
}
