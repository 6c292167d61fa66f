import { createHash } from 'node:crypto';
import { extensionFits, preferredExtension } from './content-types.js';
import { UrlTable } from './url-table.js';

const MAX_SEGMENT = 100;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

export function shortHash(text: string, length = 8): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** Makes one path segment safe on Windows, macOS and Linux. */
export function safeSegment(raw: string): string {
  let segment = withoutTrailingDotsOrSpaces(raw.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_'));
  if (segment === '' || segment === '.' || segment === '..') segment = '_';
  if (WINDOWS_RESERVED.test(segment)) segment = `_${segment}`;
  if (segment.length > MAX_SEGMENT) {
    const { name, ext } = splitExtension(segment);
    segment = `${name.slice(0, MAX_SEGMENT - ext.length - 9)}-${shortHash(segment)}${ext.slice(0, 9)}`;
  }
  return segment;
}

/**
 * Windows drops trailing dots and spaces from names: they become underscores. Counted from the
 * end, because `/[. ]+$/` retries from every dot or space of a long segment (quadratic).
 */
function withoutTrailingDotsOrSpaces(segment: string): string {
  let end = segment.length;
  while (end > 0 && (segment[end - 1] === '.' || segment[end - 1] === ' ')) end--;
  return end === segment.length ? segment : segment.slice(0, end) + '_'.repeat(segment.length - end);
}

function splitExtension(fileName: string): { name: string; ext: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || fileName.length - dot > 10) return { name: fileName, ext: '' };
  return { name: fileName.slice(0, dot), ext: fileName.slice(dot) };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Gives every fetched URL its place in the archive: `<host>/<path>` with a hash suffix for
 * query strings, an extension that matches the Content-Type, and no two URLs on one path
 * even on case-insensitive file systems. Same URL in, same path out.
 *
 * No path is both a file and a folder: a site may serve `/search` as a file (no extension fits
 * an unknown type) and pages under `/search/`, and a ZIP with both cannot be unpacked (the crawl
 * itself stopped, writing its check's copy). A file whose name a folder has is suffixed, as a
 * taken name is; a folder whose name a file has gets a name of its own for all it holds, made
 * from its path alone, so that a resumed crawl, which only reserves the paths it had, names it
 * the same.
 */
export class PathAllocator {
  /** By URL number (see UrlTable); undefined where a URL has no path. */
  private readonly byUrl: (string | undefined)[] = [];
  private readonly taken = new Set<string>();
  /**
   * Folders that hold a path, by a 31-bit hash of their lower-case path (a string apiece cost 70
   * bytes a page on a site of a folder per page): a file that hashes the same as a folder is
   * suffixed for nothing, which costs nothing but its name.
   */
  private readonly folders = new Set<number>();

  constructor(private readonly urls = new UrlTable()) {}

  /** Claims a fixed path (index.html, the manifest) so no URL can take it. */
  reserve(path: string, url?: string): string {
    this.claim(path);
    if (url) this.remember(url, path);
    return path;
  }

  pathOf(url: string): string | undefined {
    const id = this.urls.find(url);
    return id === undefined ? undefined : this.byUrl[id];
  }

  allocate(url: string, mimeType: string): string {
    const existing = this.pathOf(url);
    if (existing) return existing;
    const candidate = this.outsideFiles(candidatePath(new URL(url), mimeType));
    let path = candidate;
    if (this.isTaken(path)) path = withSuffix(candidate, shortHash(url));
    for (let n = 2; this.isTaken(path); n++) path = withSuffix(candidate, `${shortHash(url)}-${n}`);
    this.claim(path);
    this.remember(url, path);
    return path;
  }

  /** Whether a file may not be saved at `path`: another file is, or a folder of that name holds some. */
  private isTaken(path: string): boolean {
    const lower = path.toLowerCase();
    return this.taken.has(lower) || this.folders.has(folderHashes(lower).whole);
  }

  private claim(path: string): void {
    const lower = path.toLowerCase();
    this.taken.add(lower);
    for (const hash of folderHashes(lower).folders) this.folders.add(hash);
  }

  /** `path` with each of its folders that a file's name has renamed (`search/` → `search-1a2b3c4d/`). */
  private outsideFiles(path: string): string {
    let from = 0;
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', from)) {
      let folder = path.slice(0, slash);
      if (this.taken.has(folder.toLowerCase())) {
        const renamed = `${folder}-${shortHash(folder.toLowerCase())}`;
        folder = renamed;
        for (let n = 2; this.taken.has(folder.toLowerCase()); n++) folder = `${renamed}-${n}`;
        path = folder + path.slice(slash);
      }
      from = folder.length + 1;
    }
    return path;
  }

  private remember(url: string, path: string): void {
    const id = this.urls.id(url);
    // Filled up to `id` in order: an element set far past the end would make the array a dictionary.
    while (this.byUrl.length < id) this.byUrl.push(undefined);
    this.byUrl[id] = path;
  }
}

/**
 * FNV-1a over a lower-case path, read at each of its folders (`a`, `a/b` of `a/b/c.html`) and
 * whole: the same hash for a folder's path wherever it is read from.
 */
function folderHashes(path: string): { folders: number[]; whole: number } {
  const folders: number[] = [];
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code === 0x2f) folders.push(hash & 0x7fffffff);
    hash = Math.imul(hash ^ code, 0x01000193);
  }
  return { folders, whole: hash & 0x7fffffff };
}

/** The folder of the copy that holds a host's files. */
export function hostFolder(url: URL): string {
  return safeSegment(url.port ? `${url.hostname}_${url.port}` : url.hostname);
}

/** The folder of the copy that holds a URL's file, with its trailing slash (`example.com/docs/`). */
export function folderOf(url: URL): string {
  return `${[hostFolder(url), ...folderSegments(url.pathname.split('/').slice(1, -1))].join('/')}/`;
}

function folderSegments(segments: readonly string[]): string[] {
  return segments.map(decodeSegment).filter((s) => s !== '').map(safeSegment);
}

function candidatePath(url: URL, mimeType: string): string {
  const host = hostFolder(url);
  const segments = url.pathname.split('/').slice(1);
  const last = decodeSegment(segments.pop() ?? '') || 'index';
  const dirs = folderSegments(segments);
  let { name, ext } = splitExtension(last);
  if (url.search) name = `${name}-${shortHash(url.search)}`;
  const preferred = preferredExtension(mimeType);
  if (preferred && !extensionFits(ext, mimeType)) {
    // Keep the original extension in the name (page.php → page.php.html) so nothing is lost.
    name = `${name}${ext}`;
    ext = preferred;
  }
  return [host, ...dirs, safeSegment(`${name}${ext}`)].join('/');
}

function withSuffix(path: string, suffix: string): string {
  const slash = path.lastIndexOf('/');
  const { name, ext } = splitExtension(path.slice(slash + 1));
  return `${path.slice(0, slash + 1)}${name}-${suffix}${ext}`;
}
