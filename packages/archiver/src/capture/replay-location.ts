// The page's address online, for routers that read it. From file:// `location.pathname` is the
// file's path (`/home/me/site/127.0.0.1/packages.html`), which no route matches, and neither
// `location` nor a file:// page's path can be changed (`pushState` to another path throws). A
// router that takes its address from an object it keeps, as Angular's BrowserPlatformLocation
// does (`this._location = window.location`), is given this layer's address instead
// (runtime-patches.ts): the page's URL online, moved by the page's own pushState/replaceState
// (which, where file:// refuses the path, still add the entry, without the path, and carry the
// address in their state for popstate). Angular also reads `<base href>` from the DOM, which a
// copy cannot keep (every relative link in it would resolve against the site's root): a `<base>`
// without `href` (inert) answers `getAttribute('href')` with the path as online. The address's
// fragment is the file's, and so is its query when the file was opened with one.
// Source text inside the layer's replayDom(): it uses data, here and localPageOf (replay-next-router.ts).

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const LOCATION_SOURCE = `var address = new URL(data.base);
  address.hash = location.hash;
  // A query the copy's file was opened with is the reader's (a search form of the copy submitted
  // to it, a link with one): it stands for the one the page was rendered with.
  if (location.search) address.search = location.search;
  var ADDRESS_KEY = '__sitezipAddress';
  function addressGetter(name) { return { enumerable: true, get: function () { return address[name]; } }; }
  var pageAddress = Object.create(null, {
    href: { enumerable: true, get: function () { return address.href; }, set: function (value) { location.href = navigationTo(value); } },
    origin: addressGetter('origin'), protocol: addressGetter('protocol'), host: addressGetter('host'),
    hostname: addressGetter('hostname'), port: addressGetter('port'), pathname: addressGetter('pathname'), search: addressGetter('search'),
    hash: { enumerable: true, get: function () { return address.hash; }, set: function (value) { location.hash = value; } },
    assign: { value: function (url) { location.assign(navigationTo(url)); } },
    replace: { value: function (url) { location.replace(navigationTo(url)); } },
    reload: { value: function () { location.reload(); } },
    toString: { value: function () { return address.href; } }
  });
  Object.defineProperty(window, '__SITEZIP_LOCATION__', { value: pageAddress });
  // Where a script's navigation by address goes (location-reads.ts), also through this address
  // object (Next.js's App Router, whose fetch of the next page's payload failed, loads it by
  // \`location.assign('/guides/a')\` on the object it took): resolved against the address online,
  // a page the copy has is its local copy, this page this file, another page its address online
  // (from the file's, '/docs/a' would be a file at the root of the disk).
  function navigationTo(value) {
    var to;
    try { to = new URL(String(value), address.href); } catch (error) { return value; }
    if (to.protocol !== 'http:' && to.protocol !== 'https:') return value;
    if (to.href.split('#')[0] === data.base.split('#')[0]) return here + to.hash;
    return localPageOf(to.href) || to.href;
  }
  Object.defineProperty(window, '__SITEZIP_NAVIGATION__', { value: navigationTo });
  // The address a pushState or replaceState moves to, resolved as online; undefined for none.
  function moveAddress(url) {
    if (url === undefined || url === null) return undefined;
    try { address = new URL(String(url), data.baseUrl || address.href); } catch (error) { return undefined; }
    return address.href;
  }
  function ownPath(url) {
    try { return new URL(String(url), document.baseURI).href.split('#')[0].split('?')[0] === here; } catch (error) { return false; }
  }
  function withAddress(state, href) {
    if (!href || !state || typeof state !== 'object' || Object.getPrototypeOf(state) !== Object.prototype) return state;
    var copy = Object.assign({}, state);
    copy[ADDRESS_KEY] = href;
    return copy;
  }
  function addressOfEntry() {
    var state = history.state, href = state && typeof state === 'object' ? state[ADDRESS_KEY] : undefined;
    if (typeof href === 'string') address = new URL(href);
    address.hash = location.hash;
  }
  window.addEventListener('popstate', addressOfEntry, true);
  window.addEventListener('hashchange', addressOfEntry, true);
  if (data.baseUrl) {
    var basePath = new URL(data.baseUrl).pathname, madeBase = document.createElement('base');
    var beforeBase = Element.prototype.getAttribute;
    Element.prototype.getAttribute = function (name) {
      if (this === madeBase && String(name).toLowerCase() === 'href') return basePath;
      return beforeBase.apply(this, arguments);
    };
    (document.head || document.documentElement).appendChild(madeBase);
  }`;
