// The replay layer of a live copy: a classic script (module scripts and fetch() of files fail
// from file://) that runs first in the page and answers what its scripts ask for from what the
// browser recorded while rendering. Source text, as it runs in the page.

import { MULTIPART_SOURCE, SHA256_SOURCE } from './replay-hash.js';
import { FETCHED_ATTRIBUTES_SOURCE } from './replay-fetched-attributes.js';
import { FRAMES_SOURCE } from './replay-frames.js';
import { LINKS_SOURCE } from './replay-links.js';
import { NEXT_ROUTER_SOURCE } from './replay-next-router.js';
import { LOCATION_SOURCE } from './replay-location.js';
import { CHANCE_SOURCE } from './replay-chance.js';
import { COOKIES_SOURCE } from './replay-cookies.js';
import { CSS_SOURCE } from './replay-css.js';
import { HTML_STRINGS_SOURCE } from './replay-html-strings.js';
import { ORIGIN_SOURCE } from './replay-origin.js';
import { ORIGINALS_SOURCE } from './replay-originals.js';
import { FAIL_XHR_SOURCE } from './replay-network-error.js';
import { OUTSIDE_COPY_SOURCE } from './replay-outside-copy.js';
import { READ_BACK_SOURCE } from './replay-read-back.js';
import { SITE_FILES_SOURCE } from './replay-site-files.js';
import { SITE_RESPONSES_SOURCE } from './replay-site-responses.js';
import { SPRITES_SOURCE } from './replay-sprites.js';
import { STREAMS_SOURCE } from './replay-streams.js';
import { EVENT_SOURCE_OVER_FETCH } from './replay-event-source.js';
import { VOLATILE_SOURCE } from './replay-volatile.js';
import { WORKERS_SOURCE } from './replay-workers.js';
import { PAGEFIND_MODULE } from './replay-pagefind.js';

/** A recorded answer as the replay data holds it: its type alone of its headers, its body in base64. */
export interface ReplayResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function replayResponse(status: number, contentType: string | undefined, body: Buffer): ReplayResponse {
  return { status, headers: contentType ? { 'content-type': contentType } : {}, body: body.toString('base64') };
}

/** What the page's scripts get offline: recorded responses, and where recorded files are in the copy. */
export interface ReplayData {
  /** The page's address online: addresses the scripts build from `location` resolve against it. */
  base: string;
  /**
   * `GET url`, or `POST url sha256=<hex>` with the SHA-256 of the request body (exchangeKey in
   * render/exchange.ts) → the response the browser got (body in base64).
   */
  responses: Record<string, ReplayResponse>;
  /** Absolute URL → path of the file in the copy, relative to the page. */
  files: Record<string, string>;
  /** Absolute URL → the source of a script a worker ran, cut around its imports (worker-scripts.ts). */
  scripts: Record<string, string[]>;
  /**
   * An asset's address as the copy writes it in an attribute → as the page wrote it: runtimes
   * find their own scripts by it (Turbopack registers a chunk by its `src` as written).
   */
  originals: Record<string, string>;
  /** A link to a page as the copy writes it → as the page wrote it: a click on it is a plain navigation. */
  pages: Record<string, string>;
  /** In a site capture, the site's pages (URL → path relative to the page): where a client router's push goes. */
  sitePages: Record<string, string>;
  /** The copy's root folder relative to the page (where the host folders are). */
  root?: string;
  /**
   * The page's file name in the copy (`index.html`): a link to it is the page itself, also where
   * the self-check opens the copy under another name (`index.html.sitezip-live.html`).
   */
  self?: string;
  /** The hash route the page was rendered at (`#/guide`): a copy opened without a fragment opens there. */
  route?: string;
  /** The folder of the copy that holds the page's host's files (PathAllocator's hostFolder). */
  hostFolder?: string;
  /** The folders of the other hosts the render asked, by folder: their origins online (see onHost). */
  hosts?: Record<string, string>;
  /** A site capture: other pages saved files this page's render never loaded (replay-site-files.ts). */
  site?: boolean;
  /** A module's address online → its key in the page's import map: for an `import()` of a computed address (process-module.ts). */
  modules?: Record<string, string>;
  /**
   * The page's own import map (its `imports`, keys and addresses absolute where they are URLs),
   * which the copy's replaces: a bare specifier a module computes (`import(\`lib/${name}.js\`)`)
   * resolves through it to an address online, then to that module's key in `modules`.
   */
  importMap?: Record<string, string>;
  /** Sprite sheets the rendered page's `<use>` elements name (URL → the sheet's text): one a script names is inlined (replay-sprites.ts). */
  sprites?: Record<string, string>;
  /** The document's base URL online, when the page as served has a `<base href>`: relative addresses resolve against it. */
  baseUrl?: string;
  /**
   * GETs that failed while the page rendered (the network, the address guard, a limit): the copy
   * fails them too, without a request (a third party's logo that did not load, a tracker).
   */
  failed?: string[];
  /**
   * When the rendered document started (its performance.timeOrigin, ms since 1970): the copy's
   * clock runs from there (replay-chance.ts).
   */
  time?: number;
  /** Images whose pixels the page's scripts read (a WebGL texture's): given as blob: URLs of their recorded bodies in `responses` (replay-read-back.ts). */
  readBack?: string[];
}

/** The page's data script: assigns its replay data before the layer (replayLayerFile) reads it. */
export function replayDataScript(data: ReplayData): string {
  // `</script` cannot occur in a file, but U+2028/9 must not break older parsers of the literal.
  const json = JSON.stringify(data).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `window.__SITEZIP_REPLAY__=${json};\n`;
}

/**
 * The layer a page with `data` loads after its data: one file at the copy's root that every live
 * page of the capture shares (53 KB that each page's replay file held before), the worker part
 * only in the one for pages that started a worker as they rendered (from a recorded script, or
 * from a blob: or data: URL of text they wrote).
 */
export function replayLayerFile(data: ReplayData, startedWorkers: boolean): { path: string; text: string } {
  const [plain, withWorkers] = REPLAY_LAYER_PATHS;
  return startedWorkers || Object.keys(data.scripts).length > 0 ? { path: withWorkers, text: REPLAY_LAYER } : { path: plain, text: LAYER_WITHOUT_WORKERS };
}

/** How the replay layer says on the console that a request of the page's asked for what the copy does not have (see unsent). */
export const MISSED_MARK = 'sitezip: not in this copy:';
/**
 * How it says that it did not send a request it could not answer that shows nothing: one to
 * another site than the page's (see unsent), or an image no document holds (a tracking pixel).
 */
export const NOT_SENT_MARK = 'sitezip: not sent from this copy:';
/** How it says that it failed a router's prefetch of what the copy does not have (see speculative): a guess, not a need. */
export const PREFETCH_MARK = 'sitezip: prefetch not in this copy:';

export const REPLAY_LAYER_PATHS = ['sitezip-replay-layer.js', 'sitezip-replay-layer-workers.js'] as const;

/**
 * Answers fetch() and XHR from recorded responses (a POST by its URL and body: a string,
 * URLSearchParams, an ArrayBuffer or typed array, a FormData (by its canonical form; one holding
 * files not for a synchronous XHR); for fetch() also a Blob or a Request); points scripts, images, stylesheets, media
 * and FontFace sources that scripts add by their online address at the copy's files; keeps
 * history.pushState from throwing where file:// refuses the path (the address bar stays; the
 * address online moves, for routers given it: replay-location.ts); starts
 * workers whose scripts were recorded from blob: URLs, with this layer running in them too
 * (replay-workers.ts); queues beacons and fails WebSockets as the render did, sending nothing
 * (replay-streams.ts), and gives an EventSource the events its render recorded (replay-event-source.ts); gives scripts the page's origin online where the file's is
 * opaque (replay-origin.ts) and a cookie jar where the browser keeps none for files (replay-cookies.ts);
 * draws Math.random as the render did and runs the page's clock from the render's (replay-chance.ts).
 */
export const REPLAY_LAYER = replayLayer(WORKERS_SOURCE);
const LAYER_WITHOUT_WORKERS = replayLayer('');

function replayLayer(workers: string): string {
  return `(function sitezipReplay(scope) {
  'use strict';
  var data = scope.__SITEZIP_REPLAY__;
  if (!data || scope.__SITEZIP_REPLAYING__) return;
  // In a worker this layer started (replay-workers.ts), its page's file and its own online
  // address come along: relative addresses resolve against the latter, as online.
  var worker = typeof document === 'undefined' ? scope.__SITEZIP_WORKER__ : undefined;
  if (typeof document === 'undefined' && !worker) return;
  scope.__SITEZIP_REPLAYING__ = true;
  // The copy answers as the site did online: an app that asks whether the browser is online (a
  // reader's copy is opened with the network off) and shows an offline notice instead of its
  // content, or skips its fetch(), is told it is.
  try {
    var navigatorType = scope.WorkerNavigator || scope.Navigator;
    if (navigatorType && Object.getOwnPropertyDescriptor(navigatorType.prototype, 'onLine')) {
      Object.defineProperty(navigatorType.prototype, 'onLine', { configurable: true, enumerable: true, get: function () { return true; } });
    }
  } catch (error) {}
  // A blank frame's layer (replay-frames.ts) takes the page's file as its own.
  var here = worker ? worker.page : scope.__SITEZIP_FRAME_PAGE__ || location.href.split('#')[0].split('?')[0];
  var folder = here.slice(0, here.lastIndexOf('/') + 1);
  // The page's own file, by the name it is saved under (see ReplayData.self).
  var selfFile = data.self && !worker ? folder + data.self : here;
  function isHere(absolute) {
    var file = absolute.split('#')[0];
    return file === here || file === selfFile;
  }
  // A file of the copy by its path (e.g. a worker's script, from new URL('./w.js', import.meta.url)).
  var byPath = {};
  Object.keys(data.files).forEach(function (url) { byPath[data.files[url]] = url; });
  var written = data.originals || {};
  var ABSOLUTE = /^(?:[a-z][a-z\\d+.-]*:|\\/\\/)/i;
  function original(url) {
    var text = String(url), absolute;
    try { absolute = new URL(text, worker ? worker.script : document.baseURI).href; } catch (error) { return text; }
    var online = onlineAddress(absolute, !worker && !ABSOLUTE.test(text) ? text : undefined);
    return online.indexOf('file') < 0 ? online : withOnlineAddresses(online);
  }
  // The copy keeps the page's host in a folder of that name (PathAllocator): a file address there
  // that no table knows (data a script asks for beside its own file, found by
  // document.currentScript.src) is the same path on the host online.
  var copyRoot = data.root === undefined || !data.hostFolder ? undefined : new URL(data.root, here).href;
  // So is one in another host's folder (data a widget of another site asks for beside its script).
  var onlineBase = new URL(data.base), hostFolder = data.hostFolder + '/', otherHosts = data.hosts || {};
  function onHost(absolute) {
    if (!copyRoot || absolute.indexOf(copyRoot) !== 0) return undefined;
    var rest = absolute.slice(copyRoot.length), folder = rest.split('/')[0];
    if (rest.indexOf(hostFolder) === 0) return onlineBase.origin + '/' + rest.slice(hostFolder.length);
    return Object.prototype.hasOwnProperty.call(otherHosts, folder) ? otherHosts[folder] + rest.slice(folder.length) : undefined;
  }
  ${ORIGIN_SOURCE}
  ${CHANCE_SOURCE}
  // The site's pages by their files in the copy, and the address online of what a script built
  // under one: from a link's href, which the copy points at the page's file, Qwik City asks for
  // \`<href>/q-data.json\` (\`contact/index.html/q-data.json\`), which online was under the
  // page's address (\`/contact/q-data.json\`), as its render recorded it.
  var pageFiles = {};
  Object.keys(data.sitePages || {}).forEach(function (url) {
    try { pageFiles[new URL(data.sitePages[url], here).href] = url; } catch (error) {}
  });
  function underPage(absolute) {
    var at = absolute.search(/\\.html?\\//i);
    if (at < 0) return undefined;
    var file = absolute.slice(0, absolute.indexOf('/', at)), page = pageFiles[file];
    if (!page) return undefined;
    var online = page.split('#')[0].split('?')[0];
    return new URL(absolute.slice(file.length + 1), online.charAt(online.length - 1) === '/' ? online : online + '/').href;
  }
  // \`relative\`: the address as a page's script gave it, when not absolute (see original).
  function onlineAddress(absolute, relative) {
    var below = underPage(absolute);
    if (below) return below;
    var path = absolute.indexOf(folder) === 0 ? absolute.slice(folder.length) : undefined;
    // A file of the copy, or an address the copy wrote in its markup (a script read it back).
    var known = path !== undefined && !isHere(absolute) && (byPath[path] || (Object.prototype.hasOwnProperty.call(written, path) && written[path]));
    // What the page wrote may be relative to it (a button's data-src="/api/comments-2.json").
    if (known) return new URL(known, data.baseUrl || data.base).href;
    // A link to a page as the copy wrote it (a tabs widget reads the href and asks for it): that page online.
    if (relative !== undefined && data.pages && Object.prototype.hasOwnProperty.call(data.pages, relative)) return new URL(data.pages[relative], data.base).href;
    // Any other address a script wrote relative meant one relative to the page online, which is
    // what the render asked for: also one that names the copy's own file (a search page saved as
    // the copy's index.html whose script asks for './index.html', the site's home). Under the
    // page's <base> too when it has one, also for a file of its host's folder: an Angular page at
    // /licenses (<base href="/">, saved as licenses/index.html) asks for 'assets/icons/home.svg',
    // online /assets/icons/home.svg, which that file's folder read as /licenses/assets/….
    if (relative !== undefined && (data.baseUrl || !onHost(absolute))) return new URL(relative, data.baseUrl || data.base).href;
    // The page's own file is the page.
    if (isHere(absolute)) return data.base;
    var hosted = onHost(absolute);
    if (hosted) return hosted;
    if (path !== undefined) return new URL(path, data.baseUrl || data.base).href;
    if (absolute.indexOf('file:') === 0) {
      var parsed = new URL(absolute);
      return new URL(parsed.pathname + parsed.search, data.base).href;
    }
    return absolute;
  }
  // An address built from location (a validator badge's ?url=, a share link, an analytics
  // beacon's page) names the copy's file where online it named the page: each file: address in
  // it, as written or percent-encoded, is read as its online address.
  function withOnlineAddresses(absolute) {
    return absolute
      .replace(/file%3A%2F%2F[^&#]*/gi, function (found) {
        try { return encodeURIComponent(original(decodeURIComponent(found))); } catch (error) { return found; }
      })
      .replace(/file:\\/\\/[^&#]*/g, function (found) { return original(found); });
  }
  // The layer's own blobs are made by the real Blob and URL (the page's are watched: replay-workers.ts).
  var OwnBlob = scope.Blob, ownObjectUrl = scope.URL && scope.URL.createObjectURL;
  function decode(base64) {
    var text = atob(base64), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  ${SHA256_SOURCE}
  // The recorded request's key (exchangeKey): a body of no bytes is no body.
  var failedUrls = Object.create(null);
  (data.failed || []).forEach(function (url) { failedUrls[url] = true; });
  function failedInRender(url) { return failedUrls[original(url)] === true; }
  ${VOLATILE_SOURCE}
  ${SITE_RESPONSES_SOURCE}
  function recorded(method, url, bytes) {
    var key = String(method || 'GET').toUpperCase() + ' ' + original(url);
    if (bytes && bytes.length) return data.responses[key + ' sha256=' + sha256(bytes)];
    var near = data.responses[key] ? undefined : volatileMatch(key);
    return data.responses[near || key];
  }
  var encoder = new TextEncoder();
  ${MULTIPART_SOURCE}
  function isForm(body) { return typeof FormData !== 'undefined' && body instanceof FormData; }
  // The bytes the browser sends for a body (a FormData's canonical form: replay-hash.ts), where a
  // script can tell them at once; undefined for a Blob, a FormData holding files (both read
  // asynchronously), a stream or a document.
  function bodyBytes(body) {
    if (body === undefined || body === null) return new Uint8Array(0);
    if (typeof body === 'string') return encoder.encode(body);
    if (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) return encoder.encode(String(body));
    if (body instanceof ArrayBuffer) return new Uint8Array(body);
    if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    if (isForm(body)) return formBytesNow(body);
    return undefined;
  }
  function fetchBodyBytes(input, init, isRequest) {
    if (init && init.body !== undefined && init.body !== null) {
      if (typeof Blob !== 'undefined' && init.body instanceof Blob) return init.body.arrayBuffer().then(function (buffer) { return new Uint8Array(buffer); });
      if (isForm(init.body)) return formBytesLater(init.body);
      return Promise.resolve(bodyBytes(init.body));
    }
    if (isRequest && /^\\s*multipart\\/form-data/i.test(input.headers.get('content-type') || '')) return input.clone().formData().then(formBytesLater);
    if (isRequest) return input.clone().arrayBuffer().then(function (buffer) { return new Uint8Array(buffer); });
    return Promise.resolve(new Uint8Array(0));
  }
  // A file the copy's markup names (an icon Docusaurus's head manager writes again by its online
  // address), which the browser never loaded as the page rendered.
  var writtenAs = {};
  Object.keys(written).forEach(function (value) { writtenAs[written[value]] = value; });
  function local(url) {
    var key = original(url), path = data.files[key];
    if (path === undefined && Object.prototype.hasOwnProperty.call(writtenAs, key)) path = writtenAs[key];
    var near = path === undefined && volatileMatch(key, true);
    if (near) path = data.files[near];
    return path === undefined ? undefined : new URL(path, here).href;
  }
  ${STREAMS_SOURCE}
  // A fetch() or XHR of the page's for what the copy has neither recorded nor as a file, by an
  // address that resolves to the disk (a root-relative '/page-data/a.json' from file://), fails
  // at once as it would offline, with no request: from file:// Chromium refuses a fetch() of a
  // file and an XHR from origin null (a Gatsby copy opened offline failed 12 of those, its
  // prefetch of its links' data, retried). Said on the console, where the self-check counts it
  // as the failed request it was (check-tab.ts). So does one to another site than the page's (a
  // tracker's beacon with this moment in it, an ad, a widget's API): a copy sends nothing to
  // the network, and offline such a request only fails. The self-check does not count that line:
  // what the page shows without it is what the check compares. One to the page's own site by its
  // address online fails as one to the disk does, counted as failed (a copy that needs one is not
  // the page offline); it went out before, where the copy's CSP refused it. A worker's requests
  // too: its addresses resolve against its script's online, and its console is the page's to the check.
  var MISSED = '${MISSED_MARK}', NOT_SENT = '${NOT_SENT_MARK}';
  function unsent(url) {
    var absolute;
    try { absolute = new URL(String(url), worker ? worker.script : document.baseURI); } catch (error) { return undefined; }
    if (absolute.protocol === 'file:') return MISSED;
    if (!/^https?:$/.test(absolute.protocol)) return undefined;
    // The page's own site: what the copy lacks of it, it lacks (the copy's CSP would refuse the request anyway).
    return absolute.origin !== onlineBase.origin ? NOT_SENT : MISSED;
  }
  // Taken before the page's scripts run: a production build that silences console.warn must not silence this.
  var warn = scope.console && scope.console.warn;
  function missed(mark, method, url) {
    try { warn.call(scope.console, mark + ' ' + method + ' ' + original(url)); } catch (error) {}
  }
  // A router's prefetch says so in its headers (Next.js's \`Next-Router-Prefetch\`, the standard
  // \`Purpose: prefetch\`): what it asks for is a guess at where the reader goes next,
  // which the page shows nothing of. One the render did not make (its router got to other links
  // first, or had the part from the page already) fails as any miss does, but is no failed
  // request of the copy's: following the link asks again, as a navigation.
  function speculative(input, init, isRequest) {
    var headers = init && init.headers !== undefined ? init.headers : isRequest ? input.headers : undefined, pairs = [];
    try {
      if (!headers || typeof headers !== 'object') return false;
      if (Array.isArray(headers)) pairs = headers;
      else if (typeof headers.forEach === 'function') headers.forEach(function (value, name) { pairs.push([name, value]); });
      else pairs = Object.keys(headers).map(function (name) { return [name, headers[name]]; });
      return pairs.some(function (pair) {
        var name = String(pair[0]).toLowerCase();
        return name === 'next-router-prefetch' || (name === 'purpose' && /prefetch/i.test(String(pair[1])));
      });
    } catch (error) { return false; }
  }
  var realFetch = scope.fetch;
  scope.fetch = function (input, init) {
    var isRequest = typeof Request !== 'undefined' && input instanceof Request;
    var url = isRequest ? input.url : String(input);
    var method = String((init && init.method) || (isRequest ? input.method : 'GET')).toUpperCase();
    var self = this, args = arguments;
    function answer(hit) {
      if (!hit && method === 'GET' && failedInRender(url)) return Promise.reject(new TypeError('Failed to fetch'));
      var mark = !hit && unsent(url);
      if (mark) {
        missed(mark === MISSED && speculative(input, init, isRequest) ? '${PREFETCH_MARK}' : mark, method, url);
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      if (!hit) return realFetch.apply(self, args);
      var status = hit.status >= 200 && hit.status <= 599 ? hit.status : 200;
      var empty = method === 'HEAD' || status === 204 || status === 205 || status === 304;
      var response = new Response(empty ? null : decode(hit.body), { status: status, headers: hit.headers });
      try { Object.defineProperty(response, 'url', { value: original(url) }); } catch (error) {}
      return Promise.resolve(response);
    }
    // Not recorded here: maybe by another page of the copy.
    function orElsewhere(hit, key) {
      return hit || !siteLookup || failedInRender(url) ? answer(hit) : elsewhere(key + ' ' + original(url)).then(answer);
    }
    // A HEAD the render saw is answered as recorded, another from the GET of its URL.
    if (method === 'HEAD') return orElsewhere(recorded('HEAD', url) || recorded('GET', url), 'HEAD');
    if (method === 'GET') return orElsewhere(recorded('GET', url), 'GET');
    if (method !== 'POST') return answer(recorded(method, url));
    return fetchBodyBytes(input, init, isRequest).then(function (bytes) { return answer(bytes && recorded(method, url, bytes)); });
  };
  // An EventSource gets the events the render's got, from its recorded stream (replay-event-source.ts).
  (${EVENT_SOURCE_OVER_FETCH})(scope, scope.fetch, original);
  function blobUrl(hit, type) {
    return ownObjectUrl.call(scope.URL, new OwnBlob([decode(hit.body)], { type: type || hit.headers['content-type'] || '' }));
  }
  ${workers}
  if (scope.XMLHttpRequest) replayXhr();
  if (!worker) replayDom();
  function replayXhr() {
  // An XHR POST is found by its body, which comes with send(): open() is held until then.
  var gets = new WeakMap(), asked = new WeakMap(), failing = new WeakSet();
  var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  // Sends what the copy lacks, unless it goes to the disk: then it fails as a network error does
  // (status 0, an error event; a synchronous one throws), with no request (see unsent).
  function sendOrFail(xhr, args) {
    var request = asked.get(xhr), mark = request && unsent(request.url);
    if (!mark) return send.apply(xhr, args);
    missed(mark, request.method, request.url);
    if (!request.async) throw new DOMException('Failed to execute send on XMLHttpRequest.', 'NetworkError');
    failing.add(xhr);
    failXhr(xhr, function () { return failing.has(xhr); });
  }
  ${FAIL_XHR_SOURCE}
  XMLHttpRequest.prototype.open = function (method, url) {
    var verb = String(method).toUpperCase(), async = arguments.length < 3 || Boolean(arguments[2]);
    // Opened again after a failure: its own state is the request's again.
    if (failing.has(this)) {
      failing.delete(this);
      delete this.readyState;
      delete this.status;
    }
    asked.set(this, { method: verb, url: url, async: async });
    var hit = verb !== 'POST' && recorded(method, url);
    // An asynchronous GET not recorded here may be another page's: looked up at send().
    if (!hit && siteLookup && async && verb === 'GET') gets.set(this, url);
    else gets.delete(this);
    if (!hit) return open.apply(this, arguments);
    asked.delete(this);
    var args = Array.prototype.slice.call(arguments);
    args[0] = 'GET';
    args[1] = blobUrl(hit);
    return open.apply(this, args);
  };
  XMLHttpRequest.prototype.send = function (body) {
    var request = asked.get(this), post = request && request.method === 'POST' ? request : undefined, xhr = this, get = gets.get(this);
    if (get !== undefined && !failedInRender(get)) {
      gets.delete(this);
      var args = arguments;
      elsewhere('GET ' + original(get)).then(function (hit) {
        // An XHR the page aborted meanwhile is not sent.
        try {
          if (!hit) return sendOrFail(xhr, args);
          open.call(xhr, 'GET', blobUrl(hit), true);
          send.call(xhr);
        } catch (error) {}
      });
      return;
    }
    function replay(bytes) {
      var hit = bytes && recorded('POST', post.url, bytes);
      if (!hit) return sendOrFail(xhr, [body]);
      // Opened again as a GET of the recorded body (headers set in between no longer matter).
      open.call(xhr, 'GET', blobUrl(hit), post.async);
      return send.call(xhr);
    }
    if (!post) return sendOrFail(this, arguments);
    // A FormData with files is read first; a synchronous XHR cannot wait, and goes out as sent.
    if (isForm(body) && post.async && !formBytesNow(body)) {
      formBytesLater(body).then(replay, function () { send.call(xhr, body); });
      return;
    }
    return replay(bodyBytes(body));
  };
  }
  function replayDom() {
  var getAttribute = Element.prototype.getAttribute, setAttribute = Element.prototype.setAttribute, closest = Element.prototype.closest;
  ${ORIGINALS_SOURCE}
  ${LINKS_SOURCE}
  ${NEXT_ROUTER_SOURCE}
  ${FETCHED_ATTRIBUTES_SOURCE}
  ${SITE_FILES_SOURCE}
  ${OUTSIDE_COPY_SOURCE}
  ${READ_BACK_SOURCE}
  function mapped(value, element) {
    // What failed in the render fails here, as an image or stylesheet with no content does.
    if (failedInRender(value)) return 'data:,';
    var pixels = readBackUrl(value, element);
    if (pixels) return pixels;
    var path = local(value);
    if (path === undefined) path = siteFile(value);
    var mark = path === undefined && unloadable(value, element);
    if (mark) return notLoaded(mark, value, element);
    return path === undefined ? value : path;
  }
  // An element pointed at a file loads it without CORS, as the copy's HTML drops crossorigin
  // where it wrote a path: from file:// a CORS request always fails (Vite's preload helper sets
  // crossOrigin on each stylesheet of a lazy chunk it adds, by an address it resolved against
  // import.meta.url, which in the copy may already be the file's).
  var removeAttribute = Element.prototype.removeAttribute, toFile = new WeakSet();
  function loadsFile(element, path) {
    try { if (new URL(String(path), document.baseURI).protocol !== 'file:') return; } catch (error) { return; }
    toFile.add(element);
    removeAttribute.call(element, 'crossorigin');
    watchLoad(element);
  }
  [window.HTMLLinkElement, window.HTMLScriptElement, window.HTMLImageElement, window.HTMLMediaElement].forEach(function (type) {
    var crossOrigin = type && Object.getOwnPropertyDescriptor(type.prototype, 'crossOrigin');
    if (!crossOrigin || !crossOrigin.set) return;
    Object.defineProperty(type.prototype, 'crossOrigin', {
      configurable: true, enumerable: crossOrigin.enumerable, get: crossOrigin.get,
      set: function (value) { if (!toFile.has(this)) crossOrigin.set.call(this, value); }
    });
  });
  var elements = [
    [window.HTMLScriptElement, 'src'], [window.HTMLImageElement, 'src'], [window.HTMLLinkElement, 'href'],
    [window.HTMLSourceElement, 'src'], [window.HTMLMediaElement, 'src'], [window.HTMLIFrameElement, 'src']
  ];
  elements.forEach(function (pair) {
    if (!pair[0]) return;
    var descriptor = Object.getOwnPropertyDescriptor(pair[0].prototype, pair[1]);
    if (!descriptor || !descriptor.set) return;
    Object.defineProperty(pair[0].prototype, pair[1], {
      configurable: true, enumerable: descriptor.enumerable, get: descriptor.get,
      set: function (value) {
        var path = mapped(value, this);
        remember(this, pair[1], path, value);
        loadsFile(this, path);
        descriptor.set.call(this, path);
        failsAsOffline(this, path);
      }
    });
  });
  // From file:// a module loads only from the import map (a blob: URL): a modulepreload that a
  // script adds (Vite's preload helper does, for a chunk's imports) could only fail. A prefetch
  // (Docusaurus's of the pages its links lead to) is a hint for a later navigation, which loads
  // local files; it asked for chunks no render loaded, and a click cut the others short.
  function inertRel(value) {
    return String(value).replace(/(^|\s)(modulepreload|prefetch)(?=\s|$)/gi, '$1sitezip-$2');
  }
  var rel = window.HTMLLinkElement && Object.getOwnPropertyDescriptor(HTMLLinkElement.prototype, 'rel');
  if (rel && rel.set) {
    Object.defineProperty(HTMLLinkElement.prototype, 'rel', {
      configurable: true, enumerable: rel.enumerable, get: rel.get,
      set: function (value) { rel.set.call(this, inertRel(value)); }
    });
  }
  Element.prototype.setAttribute = function (name, value) {
    var lower = String(name).toLowerCase();
    if (lower === 'rel' && window.HTMLLinkElement && this instanceof HTMLLinkElement) return setAttribute.call(this, name, inertRel(value));
    if (lower === 'crossorigin' && toFile.has(this)) return;
    if (lower === 'srcset' && takesSrcset(this)) return setAttribute.call(this, name, mappedSrcset(value));
    var target = (lower === 'href' || lower === 'xlink:href') && isUse(this) ? spriteTarget(value) : undefined;
    if (target !== undefined) return setAttribute.call(this, name, target);
    if (lower === 'style') return setAttribute.call(this, name, mappedCss(value));
    if (lower === 'srcdoc' && window.HTMLIFrameElement && this instanceof HTMLIFrameElement) return setAttribute.call(this, name, mappedWritten(value));
    var urlAttribute = elements.some(function (pair) { return pair[0] && this instanceof pair[0] && pair[1] === lower; }, this);
    if (!urlAttribute) return setAttribute.call(this, name, value);
    var path = mapped(value, this);
    remember(this, lower, path, value);
    loadsFile(this, path);
    setAttribute.call(this, name, path);
    failsAsOffline(this, path);
  };
  ${HTML_STRINGS_SOURCE}
  ${SPRITES_SOURCE}
  ${CSS_SOURCE}
  ${FRAMES_SOURCE}
  ${COOKIES_SOURCE}
  if (scope.FontFace) {
    var RealFontFace = scope.FontFace;
    var SourcedFontFace = function (family, source, descriptors) {
      if (typeof source === 'string') {
        source = mappedCss(source);
      }
      return new RealFontFace(family, source, descriptors);
    };
    SourcedFontFace.prototype = RealFontFace.prototype;
    scope.FontFace = SourcedFontFace;
  }
  // The hash route the page was rendered at (the start address's \`#/guide\`, which a reader
  // pasted): the copy, opened from its folder without one, opens there before its router reads it.
  if (data.route && !location.hash) {
    try { history.replaceState(history.state, '', data.route); } catch (error) {}
  }
  ${LOCATION_SOURCE}
  // An import() of an address a module computed, resolved against the module's address online
  // (linkImports in process-module.ts) and through the page's own import map, as online
  // (resolveSpecifier in resolve/import-map.ts): the module's key in the copy's import map when it
  // was captured. Another bare specifier is left to the copy's map.
  var modules = data.modules || {}, pageMap = data.importMap || {};
  function throughPageMap(key) {
    if (Object.prototype.hasOwnProperty.call(pageMap, key)) return pageMap[key];
    var best = '';
    Object.keys(pageMap).forEach(function (prefix) {
      if (prefix.length > best.length && prefix.charAt(prefix.length - 1) === '/' && key.indexOf(prefix) === 0) best = prefix;
    });
    if (!best) return undefined;
    try { return new URL(key.slice(best.length), pageMap[best]).href; } catch (error) { return undefined; }
  }
  Object.defineProperty(window, '__SITEZIP_MODULE__', { value: function (specifier, parent) {
    var text = String(specifier), url;
    if (/^(\\.{0,2}\\/|[a-z][a-z0-9+.-]*:)/i.test(text)) {
      try { url = new URL(text, parent).href; } catch (error) { return specifier; }
      url = throughPageMap(url) || url;
    } else {
      url = throughPageMap(text);
      if (!url) return specifier;
    }
    var more = scope.${PAGEFIND_MODULE};
    return modules[url] || modules[original(url)] || (more && more(url)) || specifier;
  } });
  // From file:// no service worker can be registered, and asking rejects: an error on the page
  // where the render saw none. The copy answers as the render's browser did, which blocks them
  // (registered, with nothing to show for it; none registered).
  if (scope.ServiceWorkerContainer) {
    var container = ServiceWorkerContainer.prototype;
    container.register = function () { return Promise.resolve(undefined); };
    container.getRegistration = function () { return Promise.resolve(undefined); };
    container.getRegistrations = function () { return Promise.resolve([]); };
  }
  ['pushState', 'replaceState'].forEach(function (name) {
    var real = History.prototype[name];
    History.prototype[name] = function (state, title, url) {
      // Next.js's Pages Router marks its entries: it exists by the time one is written.
      if (state && state.__N) Promise.resolve().then(watchNextRouter);
      var moved = arguments.length > 2 ? moveAddress(url) : undefined;
      if (moved) state = withAddress(state, moved);
      // The page's own address online with another fragment (Redoc's menu, built on the address
      // it read): the file's, with that fragment.
      if (moved && moved.split('#')[0] === data.base.split('#')[0]) return real.call(this, state, title, here + new URL(moved).hash);
      // Another path than the file's is refused (an error Firefox reports even when caught): the entry goes without it.
      if (moved && !ownPath(url)) return real.call(this, state, title);
      try { return moved ? real.call(this, state, title, url) : real.apply(this, arguments); } catch (error) { return real.call(this, state, title); }
    };
  });
  }
})(self);
`;
}
