import type { ArchiveErrorCode } from '../errors.js';
import type { RefKind } from '../parse/index.js';

/** What became of one referenced URL: a place in the archive, or a reason it has none. */
export type Outcome = { ok: true; path: string; dataUrl?: string } | { ok: false; code: ArchiveErrorCode; error: string };

/** What a referenced resource is expected to be (a linked page is never fetched as a resource). */
export type ResourceKind = Exclude<RefKind, 'page'>;

/** One referenced URL to capture, as a document or stylesheet asks for it. */
export interface ResourceRequest {
  url: string;
  kind: ResourceKind;
  referrer: string;
  /** Nesting of documents: the page is 0, its iframes 1. */
  depth: number;
  /** Encoding of the referring document or stylesheet: a stylesheet or classic script without a charset inherits it. */
  encoding?: string;
  /**
   * Only guessed from a script's text (script-named-files.ts): one the site does not have is
   * left out of the manifest, not counted as failed.
   */
  guess?: boolean;
}
