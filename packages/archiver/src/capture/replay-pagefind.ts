// The copy's side of a Pagefind search (pagefind-index.ts, pagefind.ts): a classic script that a
// page naming Pagefind loads after the offline guard or the replay layer, before its own scripts.
// From file:// its search would fail three ways: `import()` of `pagefind.js` by an address the
// page computes (no module loads from file://), fetch() of the index's files (refused from
// file://), and Pagefind's worker (refused). So the script maps `pagefind.js` to its key in the
// page's import map (through `__SITEZIP_MODULE__`, which the modules' computed imports call:
// process-module.ts), answers fetches of the bundle's files from a data file that it loads by a
// script tag on the first one, and refuses the worker at once, on which Pagefind searches in the
// page. The data file also says where the indexed pages are in the copy: a search hit (a link
// the page's script wrote, as the site has it) leads to the page's copy, or online when the
// copy does not have it.
// Its configuration is a JSON attribute of its own script tag (pagefind.ts pagefindForPage).

import { SCRIPT_LOAD_SOURCE } from './replay-script-load.js';

/** The script, at the copy's root: pages share it. */
export const PAGEFIND_SCRIPT_PATH = 'sitezip-pagefind.js';

/** The attribute with the script's configuration: `{ page, root, bundles: [{ dir, data, module, online, site }] }`. */
export const PAGEFIND_CONFIG_ATTRIBUTE = 'data-sitezip-pagefind';

/** The global the data files put their bundle in, by their path from the copy's root. */
export const PAGEFIND_REGISTRY = '__SITEZIP_PAGEFIND__';

/** The global that gives `pagefind.js`'s key for an address: the replay layer's `__SITEZIP_MODULE__` asks it too (replay-shim.ts). */
export const PAGEFIND_MODULE = '__SITEZIP_PAGEFIND_MODULE__';

export const PAGEFIND_SOURCE = `(function () {
  var own = document.currentScript, config;
  try { config = JSON.parse(own.getAttribute('${PAGEFIND_CONFIG_ATTRIBUTE}')); } catch (error) { return; }
  var root = new URL(config.root, location.href).href, bundles = config.bundles, loaded = {}, loading = {};
  ${SCRIPT_LOAD_SOURCE}
  function load(bundle) {
    loading[bundle.data] = loading[bundle.data] || siteScript(root + bundle.data, function () {
      return (loaded[bundle.data] = (window.${PAGEFIND_REGISTRY} || {})[bundle.data]);
    });
    return loading[bundle.data];
  }
  // The bundle and file an address names: the bundle's folder as the site has it, in the
  // address's path (online, in the copy's folder, or from the root of file://).
  function fileOf(address) {
    var url;
    try { url = new URL(String(address), document.baseURI); } catch (error) { return; }
    var path = url.pathname;
    try { path = decodeURIComponent(path); } catch (error) {}
    for (var i = 0; i < bundles.length; i++) {
      var at = path.lastIndexOf(bundles[i].dir);
      if (at >= 0) return { bundle: bundles[i], name: path.slice(at + bundles[i].dir.length) };
    }
  }
  function moduleOf(url) {
    var hit = fileOf(url);
    return hit && hit.name === 'pagefind.js' ? hit.bundle.module : undefined;
  }
  if (!window.__SITEZIP_MODULE__) {
    Object.defineProperty(window, '__SITEZIP_MODULE__', { value: function (specifier, parent) {
      var url;
      try { url = new URL(String(specifier), parent).href; } catch (error) { return specifier; }
      return moduleOf(url) || specifier;
    } });
  }
  window.${PAGEFIND_MODULE} = moduleOf;
  function bytes(base64) {
    var text = atob(base64), out = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }
  // What Pagefind asks for in its folder (another address there, a page of a site that has one, is the page's).
  var BUNDLE_FILE = /^(pagefind[\\w.-]*\\.(js|json|pf_meta)|wasm\\.[\\w-]+\\.pagefind|(index|fragment|filter)\\/[\\w.-]+\\.pf_(index|fragment|filter))$/;
  var realFetch = window.fetch;
  window.fetch = function (input, init) {
    var hit = fileOf(typeof input === 'string' ? input : input && input.url !== undefined ? input.url : input);
    if (!hit || !BUNDLE_FILE.test(hit.name)) return realFetch.apply(this, arguments);
    return load(hit.bundle).then(function (data) {
      var file = data && Object.prototype.hasOwnProperty.call(data.files, hit.name) ? data.files[hit.name] : undefined;
      if (!file) return new Response('', { status: 404, statusText: 'Not Found' });
      return new Response(bytes(file[1]), { status: 200, headers: { 'content-type': file[0] } });
    });
  };
  var RealWorker = window.Worker;
  if (RealWorker) {
    var PagefindWorker = function (url, options) {
      var hit = fileOf(url);
      if (hit && /pagefind-worker\\.js$/.test(hit.name)) throw new DOMException('sitezip: Pagefind searches in the page in this copy', 'SecurityError');
      return new RealWorker(url, options);
    };
    PagefindWorker.prototype = RealWorker.prototype;
    window.Worker = PagefindWorker;
  }
  // A search hit links to its page as the site has it (\`/guides/api/\`); from the copy that is
  // outside it. The click goes to the page's copy, or online when the copy does not have it, as
  // a live copy's links do (replay-links.ts): the browser loads that file, not a client router.
  var closest = Element.prototype.closest;
  // The address online a link stands for: one with the path of the copy's folder of a bundle's
  // site in it (Pagefind's default UI writes its hits under the folder it was loaded from, from
  // file:// \`/file:/home/me/copy/example.com/guides/api/\`) is the rest of it under the site's
  // root online; another in the copy is the copy's; any other, as written, is against the page's
  // address online.
  var rootPath = decodeURIComponent(new URL(root).pathname);
  function onlineOf(written, here) {
    var text = written;
    try { text = decodeURIComponent(written); } catch (error) {}
    for (var i = 0; i < bundles.length; i++) {
      var site = bundles[i].site && rootPath + bundles[i].site, at = site ? text.indexOf(site) : -1;
      if (at >= 0) return new URL(text.slice(at + site.length), bundles[i].online);
    }
    if (here.indexOf(root) !== 0) return new URL(written, config.page);
  }
  function destination(event) {
    var path = typeof event.composedPath === 'function' ? event.composedPath() : [event.target], link;
    for (var i = 0; i < path.length && !link; i++) if (path[i] instanceof Element) link = closest.call(path[i], 'a[href]');
    if (!link) return;
    var written = link.getAttribute('href'), here, online;
    try { here = new URL(written, document.baseURI).href; online = onlineOf(written, here); } catch (error) { return; }
    if (!online || !/^https?:$/.test(online.protocol)) return;
    var key = online.href.split('#')[0], any = false;
    for (var data in loaded) {
      var pages = loaded[data] && loaded[data].pages;
      any = any || Boolean(pages);
      if (!pages || !Object.prototype.hasOwnProperty.call(pages, key)) continue;
      var local = pages[key];
      return { link: link, to: local ? new URL(local + online.hash, root).href : online.href };
    }
    // Only once a search ran, and not a link into the copy: another link the page's scripts wrote is theirs.
    if (any && here.indexOf(root) !== 0 && written.charAt(0) === '/') return { link: link, to: online.href };
  }
  window.addEventListener('click', function (event) {
    var next = destination(event);
    if (!next) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      next.link.setAttribute('href', next.to);
      return;
    }
    event.stopImmediatePropagation();
    event.preventDefault();
    location.href = next.to;
  }, true);
})();
`;
