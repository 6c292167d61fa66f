// Next.js's Pages Router navigates by `router.push(url)` (a menu, a button, a form): it fetches
// the next page's data (`/_next/data/<build>/<path>.json`) and chunks, and when one of them fails
// it loads the address itself (`location.href = '/docs/a'`), which from file:// is a file at the
// root of the disk. In a copy, a push or replace to a page the copy has goes to its local copy
// instead, as a click on its link does (replay-links.ts): the browser loads that file, where the
// page's scripts start again and the address bar is right. Pushes within the page (shallow ones,
// the router's own replace after hydration) and to pages the copy does not have are the router's.
// The router is `window.next.router` once created; it says so with its first history entry,
// whose state is marked `__N`.
// Source text inside the layer's replayDom(): it uses data, localPages (replay-links.ts) and here;
// data.sitePages, in a site capture, has the site's other pages (a menu's pages need no link).

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const NEXT_ROUTER_SOURCE = `var nextRouter, sitePages = data.sitePages || {};
  // A Pages Router address: a string, or { pathname: '/docs/[slug]', query: { slug: 'a' } }.
  function routerAddress(to) {
    if (typeof to === 'string') return to;
    if (!to || typeof to.pathname !== 'string') return undefined;
    var query = Object.assign({}, to.query || {});
    var path = to.pathname.replace(/\\[(?:\\.\\.\\.)?([^\\]]+)\\]/g, function (all, name) {
      var value = query[name];
      delete query[name];
      return [].concat(value === undefined ? [] : value).map(encodeURIComponent).join('/');
    });
    var search = new URLSearchParams();
    Object.keys(query).forEach(function (name) { [].concat(query[name]).forEach(function (value) { search.append(name, value); }); });
    var rest = String(search);
    return path + (rest ? '?' + rest : '') + (to.hash ? '#' + String(to.hash).replace(/^#/, '') : '');
  }
  function localPageOf(to) {
    var address = routerAddress(to), site;
    if (address === undefined) return undefined;
    try { site = new URL(address, data.base); } catch (error) { return undefined; }
    var page = site.href.split('#')[0];
    if (page === data.base.split('#')[0]) return undefined;
    var local = [page, page.replace(/\\/$/, ''), page + '/'].map(function (p) { return localPages[p] || sitePages[p]; }).filter(Boolean)[0];
    return local === undefined ? undefined : new URL(local + site.hash, here).href;
  }
  function watchNextRouter() {
    var router = window.next && window.next.router;
    if (!router || router === nextRouter || typeof router.push !== 'function') return;
    nextRouter = router;
    ['push', 'replace'].forEach(function (method) {
      var real = router[method];
      router[method] = function (url, as, options) {
        var local = !(options && (options.shallow || options._h)) && localPageOf(as === undefined ? url : as);
        if (!local) return real.apply(this, arguments);
        location[method === 'push' ? 'assign' : 'replace'](local);
        return new Promise(function () {});
      };
    });
  }`;
