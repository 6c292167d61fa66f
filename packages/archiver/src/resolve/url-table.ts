/**
 * The URLs of one capture, each numbered once. The frontier, the path allocator and the page log
 * keep what they know of a URL by its number: a map of their own each, keyed by the same URLs,
 * cost about 46 bytes a URL apiece at 20,000 pages (the tables of three maps), besides the
 * frontier's object per page.
 */
export class UrlTable {
  private readonly ids = new Map<string, number>();
  private readonly urls: string[] = [];

  /** The URL's number, given the first time it is asked for (numbers count up from 0). */
  id(url: string): number {
    let id = this.ids.get(url);
    if (id === undefined) {
      id = this.urls.push(url) - 1;
      this.ids.set(url, id);
    }
    return id;
  }

  /** The URL's number, when it has one. */
  find(url: string): number | undefined {
    return this.ids.get(url);
  }

  /** The URL numbered `id`, as first given (one string kept per URL, whoever asks with another copy of it). */
  url(id: number): string {
    return this.urls[id]!;
  }

  get size(): number {
    return this.urls.length;
  }
}

/** `array`, or a copy twice as long when it holds fewer than `length` numbers: a column by URL number or by page. */
export function fit(array: Uint32Array<ArrayBuffer>, length: number): Uint32Array<ArrayBuffer> {
  if (length <= array.length) return array;
  const grown = new Uint32Array(Math.max(length, array.length * 2));
  grown.set(array);
  return grown;
}
