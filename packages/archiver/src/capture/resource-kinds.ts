import { isAscii } from 'node:buffer';
import type { FetchedResource } from '../fetch/fetcher.js';
import { ACCEPT } from '../fetch/accept.js';
import { isAlreadyCompressed, isCssType, isHtmlType } from '../resolve/content-types.js';
import { saveResource, type CaptureContext, type ResourceKind, type ResourceRequest } from './context.js';
import { decodeText, sniffScriptEncoding } from './encoding.js';
import { liveScript } from './live-script.js';
import { namesPagefind } from './pagefind-index.js';
import { noteScriptNamingPagefind } from './pagefind.js';
import { askForNamedScripts } from './script-named-files.js';
import { processCss } from './process-css.js';
import { processFrame, processSvgDocument } from './process-html.js';
import { linkImports, processModule, resolveImports } from './process-module.js';
import { moduleImports, moduleLexerReady } from '../parse/index.js';

/** A fetched resource with its place in the archive, handed to a processor. */
export interface Fetched {
  request: ResourceRequest;
  resource: FetchedResource;
  path: string;
  /** The type it is saved as: text/css when it is read as a stylesheet (see `readAsCss`). */
  mimeType: string;
  /** A kind asked for apart found its file saved already by another kind (at `path`): not to be saved again. */
  savedAlready?: boolean;
}

/** What a handler did with a body. */
export interface Processed {
  /**
   * Work that goes on after the path is known (parse, fetch what it references, rewrite,
   * save), so that stylesheets importing each other never wait on one another. It resolves to
   * a note when the body was saved as downloaded instead.
   */
  later?: Promise<string | undefined | void>;
  /** `later` is module work: documents wait for it before writing their import map. */
  moduleTask?: boolean;
  /** Links to the resource use this data: URL instead of its path. */
  dataUrl?: string;
  /** The resource lives inside the documents using it (modules, in their import map). */
  inlined?: boolean;
}

/** Takes the body when it is of a shape it handles, else returns undefined for the next one. */
export type Handler = (ctx: CaptureContext, fetched: Fetched) => Processed | Promise<Processed> | undefined;

export interface KindRow {
  /** What blocks rendering, and what leads to further requests, is fetched first. */
  priority: number;
  /** The Accept header a browser sends for it. */
  accept: string;
  /** Body read as text to be parsed; otherwise it may be spooled to disk (see FetchInit.spool). */
  parsed: boolean;
  /** Read as a stylesheet when served as CSS, or whenever it is not served as HTML. */
  readAsCss: 'if-css' | 'unless-html';
  /** Captured apart from the same URL under other kinds, even when that was saved already. */
  apart?: boolean;
  /** Tried in order; the first that takes the body wins. None: the body is saved as fetched. */
  handlers: readonly Handler[];
}

const MAX_INLINE_TRACK = 512 * 1024;
const MAX_SPRITE = 2 * 1024 * 1024;
/** Images written into a stylesheet as data: URLs, at most (icons: each use of one repeats it). */
const MAX_INLINE_IMAGE = 32 * 1024;
const SAVED: Processed = {};

/** A body in memory served (or read) as CSS: fetch what it references, rewrite, save. */
const stylesheet: Handler = (ctx, { resource, path, request, mimeType }) =>
  isCssType(mimeType) && !resource.file ? { later: processCss(ctx, resource, path, request.depth, request.encoding) } : undefined;

/**
 * A classic script in another encoding than UTF-8 is saved as UTF-8: the copy's pages are UTF-8,
 * and a script without a charset of its own is read in its page's encoding (a windows-1251 page's
 * scripts wrote mojibake offline). Once the capture makes live copies, a script's reads of the
 * page's address go through the replay layer (location-reads.ts). One spooled to disk (large) is
 * saved as fetched. An update only takes a file from the previous copy whose bytes are the body
 * received (its manifest hash), so a script saved changed is downloaded again, and one saved
 * before as it came (an older copy) is changed now.
 */
const classicScript: Handler = (ctx, fetched) => {
  const { resource, path, request } = fetched;
  if (resource.file) return undefined;
  askForNamedScripts(ctx, request, resource);
  const encoding = isAscii(resource.body) ? 'utf-8' : sniffScriptEncoding(resource.body, resource.charset, request.encoding);
  const live = ctx.liveScripts && !ctx.moduleScripts.has(resource.url);
  const pagefind = namesPagefind(resource.body);
  if (pagefind) noteScriptNamingPagefind(ctx, resource.body, resource.url, path);
  if (encoding === 'utf-8' && !live && !pagefind) return undefined;
  const text = encoding === 'utf-8' ? resource.body.toString('utf8') : decodeText(resource.body, encoding);
  return (async () => {
    const code = live ? await liveClassicScript(ctx, text, resource.url, path, request.depth) : pagefind ? await computedImportsThroughLayer(text, resource.url) : text;
    if (encoding === 'utf-8' && code === text) return saveAsFetched(ctx, fetched);
    await saveResource(ctx, path, { ...resource, body: Buffer.from(code, 'utf8'), charset: 'utf-8' }, true);
    return SAVED;
  })();
};

/**
 * A live copy's classic script: its address reads through the layer, and its `import()`s linked
 * to the import map, a written address to its module's key, a computed one through the layer
 * (process-module.ts's linkImports): from file:// a classic script's own import() has no base to
 * resolve against, while a key of the page's import map loads.
 */
async function liveClassicScript(ctx: CaptureContext, text: string, url: string, path: string, depth: number): Promise<string> {
  const code = await liveScript(text, false);
  if (!CLASSIC_IMPORT.test(code)) return code;
  await moduleLexerReady;
  const imports = await resolveImports(ctx, moduleImports(code), url, depth);
  const modules = [...imports.values()].flatMap((outcome) => (outcome.ok ? [outcome.path] : []));
  ctx.scriptModules.set(path, modules);
  ctx.record({ t: 'script-imports', path, modules });
  return linkImports(code, imports, undefined, url);
}

const CLASSIC_IMPORT = /(?<![.\w$])import\s*\(/;

/**
 * A static copy's classic script that names Pagefind (its default UI, `pagefind-ui.js`) imports
 * `pagefind.js` by an address it computes: through the copy's Pagefind side (replay-pagefind.ts).
 */
async function computedImportsThroughLayer(text: string, url: string): Promise<string> {
  if (!CLASSIC_IMPORT.test(text)) return text;
  await moduleLexerReady;
  try {
    return linkImports(text, new Map(), undefined, url);
  } catch {
    // Not a script the module lexer reads: kept as it came.
    return text;
  }
}

/** A module has no file at its path: its text is registered by a script the documents using it load (see process-module.ts). */
const module: Handler = (ctx, { resource, path, request }) => {
  noteScriptNamingPagefind(ctx, resource.body, resource.url, path);
  return { later: processModule(ctx, resource, path, request.depth), moduleTask: true, inlined: true };
};

const htmlFrame: Handler = (ctx, { resource, path, request, mimeType }) =>
  isHtmlType(mimeType) && request.depth <= ctx.options.maxFrameDepth
    ? { later: processFrame(ctx, resource, path, request.depth, request.referrer) }
    : undefined;

/** An SVG shown as a document (object, embed, iframe) loads what it references. */
const svgDocument: Handler = (ctx, { resource, path, request, mimeType }) =>
  mimeType === 'image/svg+xml' && !resource.file ? { later: processSvgDocument(ctx, resource, path, request.depth) } : undefined;

/** Sprite sheets are kept as text too: pages inline them (see sprites.ts). */
const spriteSheet: Handler = (ctx, { resource, path, request, mimeType, savedAlready }) => {
  if (mimeType !== 'image/svg+xml' || resource.file || resource.body.length > MAX_SPRITE) return undefined;
  ctx.sprites.set(request.url, resource.body.toString('utf8'));
  return savedAlready ? SAVED : saveResource(ctx, path, resource, true).then(() => SAVED);
};

/** Chromium loads no text track from file:// (each file is its own origin); data: URLs work. */
const inlineTrack: Handler = (ctx, { resource, path }) => {
  if (resource.file || resource.body.length > MAX_INLINE_TRACK) return undefined;
  const dataUrl = `data:text/vtt;base64,${resource.body.toString('base64')}`;
  return saveResource(ctx, path, resource, true).then(() => ({ dataUrl }));
};

/**
 * An image a stylesheet loads in CORS mode (a mask), which file:// refuses, or names in a custom
 * property, which resolves against the stylesheet that uses it: written as a data: URL, which
 * loads and means the same in every file. Its file is saved too, for the manifest and an update.
 */
const inlineImage: Handler = (ctx, { resource, path, mimeType, savedAlready }) => {
  if (resource.file || resource.body.length > MAX_INLINE_IMAGE || !mimeType.startsWith('image/')) return undefined;
  const dataUrl = `data:${mimeType};base64,${resource.body.toString('base64')}`;
  return savedAlready ? { dataUrl } : saveResource(ctx, path, resource, !isAlreadyCompressed(mimeType)).then(() => ({ dataUrl }));
};

/** The last resort of every kind: the body as fetched, compressed unless it already is. */
export async function saveAsFetched(ctx: CaptureContext, { resource, path, mimeType }: Fetched): Promise<Processed> {
  await saveResource(ctx, path, resource, !isAlreadyCompressed(mimeType));
  return SAVED;
}

/** Every kind of referenced resource and how it is captured. A new kind is one row. */
export const RESOURCE_KINDS: Readonly<Record<ResourceKind, KindRow>> = {
  frame: { priority: 4, accept: ACCEPT.document, parsed: true, readAsCss: 'if-css', handlers: [stylesheet, htmlFrame, svgDocument] },
  stylesheet: { priority: 3, accept: ACCEPT.stylesheet, parsed: true, readAsCss: 'unless-html', handlers: [stylesheet] },
  module: { priority: 2, accept: ACCEPT.any, parsed: true, readAsCss: 'if-css', apart: true, handlers: [module] },
  script: { priority: 2, accept: ACCEPT.any, parsed: false, readAsCss: 'if-css', handlers: [stylesheet, classicScript] },
  font: { priority: 2, accept: ACCEPT.any, parsed: false, readAsCss: 'if-css', handlers: [stylesheet] },
  // Apart: a file an <img> (or the browser, as an image) saved first is a sprite sheet to inline too.
  sprite: { priority: 1, accept: ACCEPT.any, parsed: true, readAsCss: 'if-css', apart: true, handlers: [stylesheet, spriteSheet] },
  image: { priority: 1, accept: ACCEPT.image, parsed: false, readAsCss: 'if-css', handlers: [stylesheet] },
  // Apart: the same file as an <img> or a background is a file of the copy; here it is written into the stylesheet.
  mask: { priority: 1, accept: ACCEPT.image, parsed: false, readAsCss: 'if-css', apart: true, handlers: [stylesheet, inlineImage] },
  icon: { priority: 0, accept: ACCEPT.image, parsed: false, readAsCss: 'if-css', handlers: [stylesheet] },
  track: { priority: 0, accept: ACCEPT.any, parsed: false, readAsCss: 'if-css', handlers: [stylesheet, inlineTrack] },
  media: { priority: 0, accept: ACCEPT.any, parsed: false, readAsCss: 'if-css', handlers: [stylesheet] },
  manifest: { priority: 0, accept: ACCEPT.any, parsed: false, readAsCss: 'if-css', handlers: [stylesheet] },
  other: { priority: 0, accept: ACCEPT.any, parsed: false, readAsCss: 'if-css', handlers: [stylesheet, svgDocument] },
};

/** Hands a fetched body to the first handler of its kind that takes it. */
export function processFetched(ctx: CaptureContext, row: KindRow, fetched: Fetched): Processed | Promise<Processed> {
  for (const handler of row.handlers) {
    const processed = handler(ctx, fetched);
    if (processed) return processed;
  }
  return saveAsFetched(ctx, fetched);
}
