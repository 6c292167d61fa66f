// Links between pages in a live copy. A client router (Next.js's Link, React Router, VitePress)
// takes a click on a link over: it fetches the next page's data from the site (from file://
// nothing of it was recorded unless the render prefetched it, and the router resolves it
// against the copy's folder, not the site) and pushes an address a file:// page cannot have.
// A link the copy rewrote leads to the local copy of its page (or, for a page not captured,
// to the page online), as in a snapshot: such a click goes to the browser alone, which loads
// that file, where the page's scripts start again. A link the page's scripts made (a search
// hit) to a page the copy has goes there too.
// Source text inside the layer's replayDom(): it uses data, original(), the real getAttribute
// and closest, and here.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const LINKS_SOURCE = `var pages = data.pages || {}, localPages = {};
  Object.keys(pages).forEach(function (value) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return;
    try { localPages[new URL(pages[value], data.base).href.split('#')[0]] = value.split('#')[0]; } catch (error) {}
  });
  window.addEventListener('click', function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var target = event.target, link = target instanceof Element ? closest.call(target, 'a[href], area[href]') : null;
    var opens = link && getAttribute.call(link, 'target');
    if (!link || (opens && opens !== '_self') || link.hasAttribute('download')) return;
    var written = getAttribute.call(link, 'href'), to;
    try { to = new URL(written, document.baseURI); } catch (error) { return; }
    // A link to a place in this page stays the page's own.
    if (to.href.split('#')[0] === here) return;
    var local = Object.prototype.hasOwnProperty.call(pages, written) ? undefined : localPages[original(to.href).split('#')[0]];
    if (local === undefined && !Object.prototype.hasOwnProperty.call(pages, written)) return;
    event.stopImmediatePropagation();
    if (local === undefined) return;
    event.preventDefault();
    location.href = new URL(local + to.hash, here).href;
  }, true);`;
