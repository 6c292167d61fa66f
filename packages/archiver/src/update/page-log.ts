import type { RefKind } from '../parse/index.js';
import { UrlTable, fit } from '../resolve/url-table.js';

/**
 * The ZIP entry that keeps, for each page of a site capture, the references its rewrite used
 * and where they pointed: an update reads it to reuse an unchanged page without downloading,
 * parsing or rewriting it (see reuse-page.ts). Recorded at capture time rather than recovered
 * from the stored HTML: the stored page no longer says which URL a failed asset had (its
 * reference was emptied), and a path shared by identical files maps back to several URLs.
 */
export const PAGES_PATH = 'sitezip-pages.json';

/** Bumped whenever the record, or how a page's rewrite follows from it, changes: older logs are ignored. */
const VERSION = 1;

/**
 * A page or stylesheet with more references than this is not logged (it is rewritten on every
 * update): a hostile stylesheet's 400,000 url()s would make the log, and the journal, that long.
 */
export const MAX_LOGGED_REFS = 5_000;

/** Pages written into one piece of the log's file at a time. */
const ROWS_PER_PIECE = 256;

/** Length of a digest as rewriteDigest makes it (base64url). */
const DIGEST = 22;

const KINDS: readonly RefKind[] = ['page', 'stylesheet', 'script', 'module', 'image', 'media', 'font', 'frame', 'track', 'sprite', 'icon', 'manifest', 'other', 'mask'];
const KIND_CODE = new Map(KINDS.map((kind, code) => [kind, code]));

/** One saved page: its references (absolute URLs, pages in document order, each URL once) and what the copy made of them. */
export interface PageDeps {
  url: string;
  /** The page's encoding: a stylesheet without a charset inherits it. */
  encoding: string;
  /** False when the page asked not to be followed: its links were not crawled. */
  follow: boolean;
  refs: readonly PageRef[];
  /** Hash of where each reference pointed in the saved page (see page-deps.ts): equal hashes, equal rewrites. */
  digest: string;
}

export interface PageRef {
  kind: RefKind;
  url: string;
}

/** The log as written: URLs once each, pages as `[url, digest, encoding, follow, ...refs]` with a ref as `url index * 16 + kind`. */
interface LogFile {
  version: number;
  urls: string[];
  pages: (string | number)[][];
}

/**
 * The pages of one capture, kept compactly while it runs: URLs by their number in the capture's
 * UrlTable (one string per URL, whichever copy came first), references as codes in one typed
 * array, digests as bytes, encodings by number. An array of numbers per page, and its digest a slice
 * keeping the whole hash text alive, took about 350 bytes of heap; a map of its own from URL to
 * number, 46 bytes a URL more.
 */
export class PageLog {
  /** Each page's reference codes (url id * 16 + kind), one page after another. */
  private codes = new Uint32Array(1024);
  private used = 0;
  /** By page, in the order first noted: URL id, where its codes start and end, and the rest of its row. */
  private ids = new Uint32Array(256);
  private starts = new Uint32Array(256);
  private ends = new Uint32Array(256);
  /** Digests as rewriteDigest makes them, DIGEST ASCII characters each, one after another; any other in `otherDigests`. */
  private digests = new Uint8Array(DIGEST * 256);
  private readonly otherDigests = new Map<number, string>();
  /** By page, the number of its encoding in `encodings`, times 2, plus 1 when it was followed. */
  private traits = new Uint32Array(256);
  private readonly encodings: string[] = [];
  private pages = 0;
  /** A page's number above, by URL id (0: not a page yet). */
  private slots = new Uint32Array(1024);

  constructor(private readonly urls = new UrlTable()) {}

  note(page: PageDeps): void {
    const id = this.id(page.url);
    const start = this.used;
    for (const ref of page.refs) this.push(this.id(ref.url) * 16 + KIND_CODE.get(ref.kind)!);
    let slot = this.slots[id]! - 1;
    if (slot < 0) {
      slot = this.pages++;
      this.slots[id] = slot + 1;
      this.ids = fit(this.ids, slot + 1);
      this.starts = fit(this.starts, slot + 1);
      this.ends = fit(this.ends, slot + 1);
      this.traits = fit(this.traits, slot + 1);
    }
    this.ids[slot] = id;
    this.starts[slot] = start;
    this.ends[slot] = this.used;
    this.noteDigest(slot, page.digest);
    let encoding = this.encodings.indexOf(page.encoding);
    if (encoding < 0) encoding = this.encodings.push(page.encoding) - 1;
    this.traits[slot] = encoding * 2 + (page.follow ? 1 : 0);
  }

  get size(): number {
    return this.pages;
  }

  /**
   * The log as a file, the same for the same pages whatever order they were saved in (an update
   * of an unchanged site writes the same ZIP): pages sorted by URL, URLs numbered in that order.
   */
  toBuffer(): Buffer {
    return Buffer.concat([...this.pieces()]);
  }

  /**
   * The bytes of toBuffer, a batch of URLs or rows at a time: whoever writes them need not hold
   * them all (at 20,000 pages the text was over 2 MB, and its pieces as much again, as the crawl ends).
   */
  *pieces(): Generator<Buffer> {
    const url = (slot: number) => this.urls.url(this.ids[slot]!);
    const slots = Array.from({ length: this.pages }, (_, slot) => slot).sort((a, b) => (url(a) < url(b) ? -1 : 1));
    const fresh = new Int32Array(this.urls.size).fill(-1);
    const urls: string[] = [];
    const id = (old: number) => {
      if (fresh[old]! < 0) fresh[old] = urls.push(this.urls.url(old)) - 1;
      return fresh[old]!;
    };
    for (const slot of slots) {
      id(this.ids[slot]!);
      for (let at = this.starts[slot]!; at < this.ends[slot]!; at++) id(Math.floor(this.codes[at]! / 16));
    }
    // URLs and rows as JSON.stringify writes them, a batch at a time: an array per page, made all
    // at once as the crawl ends, took 5 MB of heap at 20,000 pages when the heap was largest.
    yield Buffer.from(`{"version":${VERSION},"urls":[`);
    for (let first = 0; first < urls.length; first += ROWS_PER_PIECE) {
      yield Buffer.from((first > 0 ? ',' : '') + urls.slice(first, first + ROWS_PER_PIECE).map((url) => JSON.stringify(url)).join(','));
    }
    yield Buffer.from('],"pages":[');
    for (let first = 0; first < slots.length; first += ROWS_PER_PIECE) {
      const rows = slots.slice(first, first + ROWS_PER_PIECE).map((slot) => {
        let row = `[${fresh[this.ids[slot]!]},${JSON.stringify(this.digestOf(slot))},${JSON.stringify(this.encodings[this.traits[slot]! >> 1])},${this.traits[slot]! & 1}`;
        for (let at = this.starts[slot]!; at < this.ends[slot]!; at++) {
          const code = this.codes[at]!;
          row += `,${fresh[Math.floor(code / 16)]! * 16 + (code % 16)}`;
        }
        return `${row}]`;
      });
      yield Buffer.from((first > 0 ? ',' : '') + rows.join(','));
    }
    yield Buffer.from(']}');
  }

  private noteDigest(slot: number, digest: string): void {
    this.otherDigests.delete(slot);
    if (digest.length !== DIGEST || !/^[\w-]+$/.test(digest)) {
      this.otherDigests.set(slot, digest);
      return;
    }
    if (this.digests.length < (slot + 1) * DIGEST) {
      const grown = new Uint8Array(this.digests.length * 2);
      grown.set(this.digests);
      this.digests = grown;
    }
    Buffer.from(this.digests.buffer).write(digest, slot * DIGEST, 'latin1');
  }

  private digestOf(slot: number): string {
    return this.otherDigests.get(slot) ?? Buffer.from(this.digests.buffer).toString('latin1', slot * DIGEST, (slot + 1) * DIGEST);
  }

  private push(code: number): void {
    this.codes = fit(this.codes, this.used + 1);
    this.codes[this.used++] = code;
  }

  private id(url: string): number {
    const id = this.urls.id(url);
    this.slots = fit(this.slots, id + 1);
    return id;
  }
}

/** The pages of a previous copy's log by URL; empty when the log is missing, of another version, or malformed. */
export function readPageLog(data: Buffer | undefined): Map<string, PageDeps> {
  const pages = new Map<string, PageDeps>();
  if (!data) return pages;
  let file: LogFile;
  try {
    file = JSON.parse(data.toString('utf8')) as LogFile;
  } catch {
    return pages;
  }
  if (file?.version !== VERSION || !Array.isArray(file.urls) || !Array.isArray(file.pages)) return pages;
  const { urls } = file;
  for (const row of file.pages) {
    const [id, digest, encoding, follow, ...codes] = row;
    const url = urls[id as number];
    if (typeof url !== 'string' || typeof digest !== 'string' || typeof encoding !== 'string') continue;
    const refs: PageRef[] = [];
    for (const code of codes as number[]) {
      const refUrl = urls[Math.floor(code / 16)];
      const kind = KINDS[code % 16];
      if (typeof refUrl === 'string' && kind) refs.push({ kind, url: refUrl });
    }
    if (refs.length !== codes.length) continue;
    pages.set(url, { url, digest, encoding, follow: follow === 1, refs });
  }
  return pages;
}
