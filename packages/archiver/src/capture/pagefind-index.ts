import { gunzipSync } from 'node:zlib';

// Pagefind (the static search index of Starlight, Nextra, Hugo and many more sites) loads its
// index only when someone searches: `pagefind.js` imported by a computed address, its entry file,
// one metadata file per language, then the index chunks for the words typed and a fragment per
// result shown. No render asks for them, and a copy that has them still cannot fetch() them from
// file://. The capture reads the bundle's own table of contents (its metadata: the index chunks,
// filters and pages it has) and fetches every file, which the copy serves to the page's scripts
// (pagefind.ts, replay-pagefind.ts). Here: what the bundle's files say, without I/O.

export interface PagefindBundle {
  /** The bundle's folder online, ending in `/`. */
  base: string;
  /** Its files' bodies and types by path in the folder. */
  files: Map<string, { type: string; body: Buffer }>;
  /** When every file its metadata names has come (or failed). */
  complete: Promise<void>;
  /** `pagefind.js`'s path in the copy, as a module. */
  module: string | undefined;
  /** Its data file's path in the copy. */
  data: string;
}

/** What a capture knows of Pagefind: bundles by folder (undefined: not one), and the scripts (paths) that name it. */
export interface PagefindState {
  readonly bundles: Map<string, Promise<PagefindBundle | undefined>>;
  readonly naming: Set<string>;
}

/** The bundle's entry file, as far as the copy needs it. */
export interface PagefindEntry {
  /** Per language: its metadata file's hash and its WebAssembly's language. */
  languages: { hash: string; wasm: string | undefined }[];
}

/** Reads `pagefind-entry.json`; undefined when it is not one. */
export function readPagefindEntry(body: Buffer): PagefindEntry | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const languages = (json as { languages?: unknown } | null)?.languages;
  if (!languages || typeof languages !== 'object') return undefined;
  const found = Object.values(languages as Record<string, unknown>).flatMap((language) => {
    const { hash, wasm } = (language ?? {}) as { hash?: unknown; wasm?: unknown };
    return typeof hash === 'string' && SAFE_NAME.test(hash) ? [{ hash, wasm: typeof wasm === 'string' && SAFE_NAME.test(wasm) ? wasm : undefined }] : [];
  });
  return found.length > 0 ? { languages: found } : undefined;
}

/** A name the bundle's files are made of (a hash, a language): no path of its own. */
const SAFE_NAME = /^[\w.-]{1,100}$/;

const SIGNATURE = 'pagefind_dcd';

/** A bundle file's content: gzipped (or not) behind Pagefind's signature; undefined when it is not one. */
export function pagefindContent(body: Buffer): Buffer | undefined {
  let data = body;
  if (data.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) {
    try {
      data = gunzipSync(body, { maxOutputLength: MAX_INFLATED });
    } catch {
      return undefined;
    }
  }
  return data.subarray(0, SIGNATURE.length).toString('latin1') === SIGNATURE ? data.subarray(SIGNATURE.length) : undefined;
}

/** Metadata or a fragment larger than this once inflated is not read (a zip bomb). */
const MAX_INFLATED = 64 * 1024 * 1024;

/** The files a language's metadata names, as paths in the bundle's folder. */
export function pagefindMetaFiles(meta: Buffer): string[] {
  const content = pagefindContent(meta);
  if (!content) return [];
  let decoded: unknown;
  try {
    decoded = decodeCbor(content);
  } catch {
    return [];
  }
  // MetaIndex: [version, pages: [hash, word count, fragment group?][], index chunks: [from, to, hash][], filters: [name, hash][], ...]
  if (!Array.isArray(decoded)) return [];
  const [, pages, chunks, filters] = decoded as unknown[];
  const files = new Set<string>();
  for (const page of rows(pages)) {
    const group = typeof page[2] === 'string' && page[2] !== '' ? page[2] : page[0];
    if (typeof group === 'string' && SAFE_NAME.test(group)) files.add(`fragment/${group}.pf_fragment`);
  }
  for (const chunk of rows(chunks)) if (typeof chunk[2] === 'string' && SAFE_NAME.test(chunk[2])) files.add(`index/${chunk[2]}.pf_index`);
  for (const filter of rows(filters)) if (typeof filter[1] === 'string' && SAFE_NAME.test(filter[1])) files.add(`filter/${filter[1]}.pf_filter`);
  return [...files];
}

function rows(value: unknown): unknown[][] {
  return Array.isArray(value) ? value.filter((row): row is unknown[] => Array.isArray(row)) : [];
}

/** The page address a fragment holds (`/guides/api/`), as Pagefind indexed it; undefined when it is not one. */
export function pagefindFragmentUrl(body: Buffer): string | undefined {
  const content = pagefindContent(body);
  if (!content) return undefined;
  try {
    const url = (JSON.parse(content.toString('utf8')) as { url?: unknown } | null)?.url;
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bundle folders a script or page names (`"/pagefind/"`, `"/_pagefind/pagefind.js"`,
 * `src="pagefind/pagefind-ui.js"`), resolved against `base`; the site's `/pagefind/` when it
 * names none (a bundle path put together at run time).
 */
export function pagefindFolders(text: string, base: string): string[] {
  const folders = new Set<string>();
  for (const match of text.matchAll(FOLDER)) {
    if (folders.size >= 4) break;
    try {
      const url = new URL(match[1]!, base);
      if (/^https?:$/.test(url.protocol)) folders.add(url.origin + url.pathname);
    } catch {
      // Not an address.
    }
  }
  if (folders.size === 0) folders.add(new URL('/pagefind/', base).href);
  return [...folders];
}

const FOLDER = /["'`(=]\s*((?:[\w.:/-]*\/)?_?pagefind\/)(?:pagefind[\w.-]*\.(?:js|css))?\s*["'`)]/gi;

/** Whether text names Pagefind at all (checked before anything else is read). */
export function namesPagefind(text: string | Buffer): boolean {
  return text.includes('pagefind');
}

/**
 * A CBOR item (RFC 8949), as Pagefind's metadata uses them: integers, strings, arrays, maps,
 * simple values and floats. Tags are read through. Throws on anything malformed.
 */
export function decodeCbor(data: Buffer): unknown {
  let at = 0;
  const need = (n: number) => {
    if (at + n > data.length) throw new Error('CBOR: truncated');
  };
  const length = (info: number): number => {
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new Error('CBOR: indefinite or reserved length');
    need(size);
    const value = size === 8 ? Number(data.readBigUInt64BE(at)) : data.readUIntBE(at, size);
    at += size;
    return value;
  };
  let items = 0;
  const item = (depth: number): unknown => {
    if (depth > 64 || ++items > 10_000_000) throw new Error('CBOR: too deep or too large');
    need(1);
    const head = data[at++]!;
    const major = head >> 5;
    const info = head & 31;
    if (major === 7) {
      if (info === 20) return false;
      if (info === 21) return true;
      if (info === 22 || info === 23) return null;
      if (info === 25) return (need(2), (at += 2), 0);
      if (info === 26) return (need(4), (at += 4), data.readFloatBE(at - 4));
      if (info === 27) return (need(8), (at += 8), data.readDoubleBE(at - 8));
      if (info < 20) return info;
      throw new Error('CBOR: unknown simple value');
    }
    const n = length(info);
    if (major === 0) return n;
    if (major === 1) return -1 - n;
    if (major === 2 || major === 3) {
      need(n);
      at += n;
      return major === 3 ? data.toString('utf8', at - n, at) : data.subarray(at - n, at);
    }
    if (major === 4) {
      if (n > data.length - at) throw new Error('CBOR: array longer than its data');
      return Array.from({ length: n }, () => item(depth + 1));
    }
    if (major === 5) {
      if (n > data.length - at) throw new Error('CBOR: map longer than its data');
      const map = new Map<unknown, unknown>();
      for (let i = 0; i < n; i++) map.set(item(depth + 1), item(depth + 1));
      return map;
    }
    return item(depth + 1);
  };
  return item(0);
}
