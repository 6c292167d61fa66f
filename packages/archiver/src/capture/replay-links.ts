// Links between pages in a live copy. A client router (Next.js's Link, React Router, VitePress)
// takes a click on a link over: it fetches the next page's data from the site (from file://
// nothing of it was recorded unless the render prefetched it, and the router resolves it
// against the copy's folder, not the site) and pushes an address a file:// page cannot have.
// A link the copy rewrote leads to the local copy of its page (or, for a page not captured,
// to the page online), as in a snapshot: such a click goes to the browser alone, which loads
// that file, where the page's scripts start again. A link the page's scripts made (a search
// hit, a RouterLink of an app rendered in the browser) to a page the copy has goes there too;
// one to a page the rendered page linked to and the copy does not have goes to that page online,
// as the snapshot's link does: the client router would load a route whose chunks, styles and
// data were never recorded (Vite's preload helper then refuses the route: the click did nothing).
// Source text inside the layer's replayDom(): it uses data, original(), the real getAttribute,
// setAttribute and closest, here and isHere(), and afterLoads() (replay-site-files.ts).

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const LINKS_SOURCE = `var pages = data.pages || {}, localPages = {}, onlinePages = {};
  Object.keys(pages).forEach(function (value) {
    if (/^https?:/i.test(value)) onlinePages[value.split('#')[0]] = true;
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return;
    try { localPages[new URL(pages[value], data.base).href.split('#')[0]] = value.split('#')[0]; } catch (error) {}
  });
  // Where a click on a link goes in the copy; undefined for one left to the page (a place in
  // this page, a link to no page the rendered page linked to).
  var pointed = new WeakMap();
  function destination(link) {
    var written = getAttribute.call(link, 'href'), to;
    if (pointed.get(link) === written) return written;
    try { to = new URL(written, document.baseURI); } catch (error) { return; }
    if (isHere(to.href)) return;
    var asWritten = Object.prototype.hasOwnProperty.call(pages, written), online = original(to.href);
    var local = asWritten ? undefined : localPages[online.split('#')[0]];
    var elsewhere = !asWritten && local === undefined && onlinePages[online.split('#')[0]] === true;
    if (local === undefined && !asWritten && !elsewhere) return;
    return local !== undefined ? new URL(local + to.hash, here).href : elsewhere ? online : to.href;
  }
  // The link clicked, also in a shadow root (a web component's card): the event's target is then
  // its host, and the link is found along the event's path.
  var matches = Element.prototype.matches;
  function linkOf(event) {
    var path = typeof event.composedPath === 'function' ? event.composedPath() : [];
    for (var i = 0; i < path.length; i++) {
      if (path[i] instanceof Element && matches.call(path[i], 'a[href], area[href]')) return path[i];
    }
    var target = event.target;
    return target instanceof Element ? closest.call(target, 'a[href], area[href]') : null;
  }
  // A tab's link is the tab's: a tabs widget loads what it names into its panel (jQuery UI's
  // AJAX tabs), answered from the copy (named-fragments.ts); a plain link styled as a tab, left
  // to the browser, opens its page's copy all the same.
  var TAB = '[role="tab"], [role="tab"] a, [role="tablist"] a';
  // A link Turbo follows inside a frame (its document swapped into the frame: a contents frame's
  // next page) is Turbo's: the copy answers its fetch (named-fragments.ts); a page it would not be.
  function framedByTurbo(link) {
    if (!window.customElements || !customElements.get('turbo-frame')) return false;
    var named = getAttribute.call(link, 'data-turbo-frame');
    if (named) return named !== '_top';
    var frame = closest.call(link, 'turbo-frame');
    return Boolean(frame) && getAttribute.call(frame, 'target') !== '_top';
  }
  window.addEventListener('click', function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = linkOf(event), opens = link && getAttribute.call(link, 'target');
    if (!link || (opens && opens !== '_self') || link.hasAttribute('download') || framedByTurbo(link) || matches.call(link, TAB)) return;
    var next = destination(link);
    if (next === undefined) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    afterLoads(function () { location.href = next; });
  }, true);
  // A link the page's scripts drew keeps the address they gave it (from file://, the disk's
  // root). Where a pointer, a finger or the keyboard reaches it, it is given the address a click
  // goes to: hovering shows that, and a new tab (middle click, the context menu) opens it.
  function pointAt(event) {
    var link = linkOf(event), next = link && destination(link);
    if (next === undefined || next === null || next === link.href) return;
    setAttribute.call(link, 'href', next);
    // Its clicks go where they went before it was pointed at (see destination).
    pointed.set(link, next);
  }
  ['pointerover', 'focusin', 'contextmenu'].forEach(function (type) { window.addEventListener(type, pointAt, true); });
  // A link to this page's own file reads as the page's address online, as location does: Qwik
  // City fetches the route data of each visible link by its href, and the file's path named
  // another route (index.html/q-data.json), never recorded; a menu that marks the link to where
  // it is by comparing it with location marked none.
  [window.HTMLAnchorElement, window.HTMLAreaElement].forEach(function (type) {
    var href = type && Object.getOwnPropertyDescriptor(type.prototype, 'href');
    if (!href || !href.get) return;
    Object.defineProperty(type.prototype, 'href', { configurable: true, enumerable: href.enumerable, set: href.set, get: function () {
      var value = href.get.call(this), cut = value.indexOf('#');
      return isHere(value) ? data.base.split('#')[0] + (cut < 0 ? '' : value.slice(cut)) : value;
    } });
  });`;
