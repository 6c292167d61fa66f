import type { ArchiveErrorCode } from '../errors.js';
import type { RefusalReport, StopCode } from '../refusals.js';

/** One line of `sitezip-manifest.json`: what was fetched from where, and what became of it. */
/** Why a URL has no file: the engine's error codes, or a linked page the crawl could not save. */
export type ManifestErrorCode = ArchiveErrorCode | 'PAGE_SKIPPED';

/** How a page was loaded when a browser was involved, or was to be: for the manifest. */
export interface RenderReport {
  /**
   * `live`: the page as served with its scripts and a replay layer, chosen because it passed the
   * self-check. `snapshot`: the rendered DOM, scripts removed. `static`: the page as served (the
   * render failed or could not start).
   */
  output: 'live' | 'snapshot' | 'static';
  /** Why the page was rendered (render: always, or what `auto` saw). */
  reason: string;
  /** Why the render did not give the page, when `output` is `static`. */
  error?: string;
  /** False when the page was still busy (requests, DOM changes) when its time ran out. */
  settled?: boolean;
  /** Requests the browser made that the engine answered, and those it refused. */
  requests?: number;
  refused?: number;
  /** The first refused requests, and why (a WebSocket, a PUT, an address the guard refused, a body past the cap...). */
  refusedRequests?: { method: string; url: string; reason: string; message: string }[];
  /** The first POSTs sent for the page's scripts (GraphQL, search): what the capture asked the site on its behalf. */
  posted?: { url: string; requestBodySha256: string | undefined; status: number }[];
  durationMs?: number;
  /** The self-check: the copy opened from file:// with the network off, against the rendered original. */
  check?: CopyCheck;
  /** The copies' checks, when a live copy was tried: the decision between them (the snapshot is checked only when the live copy's scores alone do not decide). */
  candidates?: { live: CopyCheck | undefined; snapshot: CopyCheck | undefined };
  /** Why the page got its output (live or snapshot), in its capture (see capture/render-guard.ts). */
  choice?: RenderChoice;
}

/** How a rendered page's output was chosen. */
export interface RenderChoice {
  /**
   * `decided`: its check of both copies decided for the site (the first rendered page).
   * `checked`: checked in a live site, its live copy passed and was kept. `fell-back`: its live
   * copy failed its check, its snapshot was saved. `followed`: saved unchecked, as the site or
   * its route shape had decided (`note` says which). `no-live-copy`: its served HTML could not be
   * made a live copy (or nothing could check one): saved as `output` says. `answered`: not
   * rendered, saved unchecked as a live copy whose scripts are answered from what the first two
   * pages of its shape recorded, which asked for the same and gained nothing else (`note`;
   * load/script-readings.ts).
   */
  by: 'decided' | 'checked' | 'fell-back' | 'followed' | 'no-live-copy' | 'answered';
  /** Whether its copies were checked before its output was chosen (`candidates` holds the scores). */
  checked: boolean;
  /** Its route shape: first path segment, depth, and a short hash of its served scripts. */
  shape: string;
  /** How long its check took (the live copy's, and the snapshot's after it when needed), when it was checked. */
  checkMs?: number;
  note?: string;
}

/** How a copy opened from file:// with the network off compares with the page it was made from. */
export interface CopyCheck {
  browser: 'chromium';
  /**
   * Percentage of pixels that differ in the top of the page (three viewports). Absent when the
   * copy was not pictured: a live copy that had already failed on its text or its requests.
   */
  pixelDiff?: number;
  /** 0–1: how much of the original's text the copy shows (Dice coefficient of words). */
  textMatch: number;
  /** Requests of the copy that failed: missing files, addresses its CSP refused, requests for the network. */
  failedRequests: number;
  /** Requests of the copy that tried to reach the network (all refused). */
  onlineRequests: number;
  /**
   * A live copy's requests to other sites than the page's that its replay layer did not send (a
   * tracker's beacon, an ad): offline they could only fail. Absent when none.
   */
  notSent?: number;
  /**
   * A live copy's prefetches (a router's guess at the reader's next page, said in its request's
   * headers) of what the copy does not have: failed with no request, and not counted in
   * `failedRequests`, since the page shows nothing of them. Absent when none.
   */
  prefetchesMissed?: number;
  /**
   * True when the copy's words differ from the original's in numbers only (a time it measured,
   * a clock, a random pick): `textMatch` is below 1 for them alone. Absent otherwise.
   */
  numbersOnly?: boolean;
}

export interface ManifestEntry {
  url: string;
  /** Where the URL ended up after redirects, when different. */
  finalUrl?: string;
  /** Path inside the ZIP; absent when nothing was saved. */
  path?: string;
  status?: number;
  bytes?: number;
  contentType?: string;
  /**
   * An ES module: no file at `path`. Its text is in `sitezip-modules/<path>` (`.js` added to other
   * names), a classic script that registers it for the import map of the documents that load it,
   * when a saved document loads it (one only a discarded live copy loaded is not saved).
   */
  inlined?: boolean;
  /** Saved, but not as usual: e.g. a page beyond parsing, kept as downloaded without its resources. */
  note?: string;
  /** Why the resource is missing from the archive. */
  error?: string;
  errorCode?: ManifestErrorCode;
  /** A page a browser rendered, or was to render: how, and why. */
  render?: RenderReport;
  /** Validators the server sent: an update (`--update`) asks with them whether the file changed. */
  etag?: string;
  lastModified?: string;
  /** SHA-256 (hex) of the body as received, before any rewriting: an update compares it. */
  sha256?: string;
  /**
   * Until when the server said the body stays current (RFC 9111 freshness: Cache-Control
   * max-age, Expires): an update takes the file from this copy without asking before then.
   */
  freshUntil?: string;
  /** An update took this file from the previous copy without a request: it was still fresh (see freshUntil). */
  fresh?: boolean;
}

/** URLs of one kind of change: how many, and the first ones. */
export interface UpdateList {
  count: number;
  urls: string[];
}

/** What changed since the previous copy an update started from (see update/update-report.ts). */
export interface UpdateReport {
  /** When the previous copy was made. */
  previousStartedAt: string;
  /** Saved both times with the same content, and how many of them the server answered 304 (bytes copied, not downloaded). */
  unchanged: number;
  notModified: number;
  /** Of the unchanged, how many were still fresh (see ManifestEntry.freshUntil): taken without a request. */
  fresh: number;
  changed: UpdateList;
  /** Saved now, not in the previous copy. */
  new: UpdateList;
  /** In the previous copy, not saved now (gone from the site, failed, or no longer linked). */
  gone: UpdateList;
}

export interface Manifest {
  generator: string;
  url: string;
  finalUrl: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  files: number;
  /** HTML pages saved (1 for a single-page capture). */
  pages: number;
  bytes: number;
  failures: number;
  /** Why the capture stopped early, when a limit or a crawler trap cut it short. */
  stoppedBy?: string;
  stoppedByCode?: StopCode;
  /** URLs left out without being fetched (limits, traps, robots.txt): counted, the first ones listed. */
  refused?: RefusalReport;
  /** An update of a previous copy: what changed since. */
  update?: UpdateReport;
  resources: ManifestEntry[];
}

export const MANIFEST_PATH = 'sitezip-manifest.json';
