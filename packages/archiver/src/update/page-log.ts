import type { RefKind } from '../parse/index.js';

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

const KINDS: readonly RefKind[] = ['page', 'stylesheet', 'script', 'module', 'image', 'media', 'font', 'frame', 'track', 'sprite', 'icon', 'manifest', 'other'];
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
 * The pages of one capture, kept compactly while it runs (each URL once, references as
 * numbers): a 100,000-page crawl keeps its page log in a few MB.
 */
export class PageLog {
  private readonly urls: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly pages = new Map<number, (string | number)[]>();

  note(page: PageDeps): void {
    const refs = page.refs.map((ref) => this.id(ref.url) * 16 + KIND_CODE.get(ref.kind)!);
    const id = this.id(page.url);
    this.pages.set(id, [id, page.digest, page.encoding, page.follow ? 1 : 0, ...refs]);
  }

  get size(): number {
    return this.pages.size;
  }

  /**
   * The log as a file, the same for the same pages whatever order they were saved in (an update
   * of an unchanged site writes the same ZIP): pages sorted by URL, URLs numbered in that order.
   */
  toBuffer(): Buffer {
    const urls: string[] = [];
    const renumbered = new Map<number, number>();
    const id = (old: number) => {
      let fresh = renumbered.get(old);
      if (fresh === undefined) {
        fresh = urls.push(this.urls[old]!) - 1;
        renumbered.set(old, fresh);
      }
      return fresh;
    };
    const sorted = [...this.pages.values()].sort((a, b) => (this.urls[a[0] as number]! < this.urls[b[0] as number]! ? -1 : 1));
    const pages = sorted.map(([page, digest, encoding, follow, ...refs]) => [
      id(page as number),
      digest!,
      encoding!,
      follow!,
      ...(refs as number[]).map((code) => id(Math.floor(code / 16)) * 16 + (code % 16)),
    ]);
    const file: LogFile = { version: VERSION, urls, pages };
    return Buffer.from(JSON.stringify(file));
  }

  private id(url: string): number {
    let id = this.index.get(url);
    if (id === undefined) {
      id = this.urls.push(url) - 1;
      this.index.set(url, id);
    }
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
