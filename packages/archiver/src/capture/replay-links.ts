// Links between pages in a live copy. A client router (Next.js's Link, React Router, VitePress)
// takes a click on a link over: it fetches the next page's data from the site (from file://
// nothing of it was recorded unless the render prefetched it, and the router resolves it
// against the copy's folder, not the site) and pushes an address a file:// page cannot have.
// A link the copy rewrote leads to the local copy of its page (or, for a page not captured,
// to the page online), as in a snapshot: such a click goes to the browser alone, which loads
// that file, where the page's scripts start again.
// Source text inside the layer's replayDom(): it uses data, the real getAttribute and closest, and here.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const LINKS_SOURCE = `var pages = data.pages || {};
  window.addEventListener('click', function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var target = event.target, link = target instanceof Element ? closest.call(target, 'a[href], area[href]') : null;
    if (!link || !Object.prototype.hasOwnProperty.call(pages, getAttribute.call(link, 'href'))) return;
    var opens = getAttribute.call(link, 'target');
    if ((opens && opens !== '_self') || link.hasAttribute('download')) return;
    // A link to a place in this page stays the page's own.
    if (String(link.href).split('#')[0] === here) return;
    event.stopImmediatePropagation();
  }, true);`;
