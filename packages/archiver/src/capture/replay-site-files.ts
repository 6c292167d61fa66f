// Files of a site capture that this page's render never loaded. A page of a mirror is saved
// before the pages after it, so its replay data knows only the files its own render recorded;
// a script of the page may still ask for a chunk that another page's render brought into the
// copy (Docusaurus loads the chunks of the page a link leads to when the pointer enters the
// link). Such an address, on the page's own host, with a plain path ending in .js or .css, is
// given the path the capture gives it when nothing else took it (PathAllocator's
// `<host>/<path>`): the file when another page saved it, a missing file (as before) when none did.
//
// And a click on a link that the layer turns into a navigation waits (half a second at most)
// for the local scripts and stylesheets still loading: those a hover started would otherwise be
// cut short by the navigation and fail.
// Source text inside the layer's replayDom(): it uses data, original(), here, copyRoot,
// onlineBase, hostFolder (replay-shim.ts) and siteLookups (replay-site-responses.ts).

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const SITE_FILES_SOURCE = `function siteFile(value) {
    if (!data.site || !copyRoot) return undefined;
    var url;
    try {
      // An address in the copy already (Vite's preload helper resolves against import.meta.url) is its own.
      if (new URL(String(value), document.baseURI).href.indexOf(copyRoot) === 0) return undefined;
      url = new URL(original(value));
    } catch (error) { return undefined; }
    if (url.host !== onlineBase.host || url.search || !/^(\\/[A-Za-z0-9._~@+-]+)+\\.(js|css)$/.test(url.pathname)) return undefined;
    if (url.pathname.split('/').some(function (segment) { return segment.length > 100 || /^\\.+$/.test(segment); })) return undefined;
    return copyRoot + hostFolder + url.pathname.slice(1);
  }
  var loading = new Set();
  function watchLoad(element) {
    if (loading.has(element) || !(element instanceof HTMLScriptElement || element instanceof HTMLLinkElement)) return;
    loading.add(element);
    function done() {
      loading.delete(element);
    }
    element.addEventListener('load', done, { once: true });
    element.addEventListener('error', done, { once: true });
    // An element never put in the document never loads.
    setTimeout(done, 500);
  }
  // Loads the click itself starts (after the event, by a task of the page's) are waited for too,
  // and so are another page's responses being looked up (replay-site-responses.ts) and what the
  // page loads once it has them (Gatsby: a hovered link's page data, then its page's chunk), until
  // nothing has loaded or been looked up for 100 ms.
  function afterLoads(go) {
    var started = performance.now(), gone = false;
    setTimeout(function check() {
      if (gone) return;
      var now = performance.now();
      var still = loading.size === 0 && siteLookups.pending === 0 && now - siteLookups.ended >= 100;
      if (still || now - started >= 500) {
        gone = true;
        return go();
      }
      setTimeout(check, 25);
    });
  }`;
