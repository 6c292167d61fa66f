import { NOT_LOADED_ADDRESS } from './replay-network-error.js';

// An address a script gives an element that the copy cannot answer and the network must not:
// - a file outside the copy's folder. From file://, webpack's public path '/' names the root of
//   the disk (Docusaurus loads the chunks of a hovered link's page by it, and a single page's
//   copy has none of them); a file inside may be one another page of a mirror saved;
// - an address on another site than the page's (a tracker's pixel, an ad), which offline only
//   fails, and a copy never sends (replay-shim.ts, unsent).
// Given as it is, it fails as a request (net::ERR_FILE_NOT_FOUND), or goes out; made an address
// no browser parses, it fails with no request: a script, an image or media gets its error event
// from the browser, as HTML has it for an address that does not parse; a stylesheet or a
// preload, which gets none, is given it (mini-css-extract-plugin waits for one). The error, when
// it comes, is said on the console as a fetch() the copy cannot answer is (replay-shim.ts,
// missed). Only elements: a url() in a style and a srcset candidate load only when used, and a
// frame's address is a document, which frames' own code handles.
// Source text inside the layer's replayDom(): it uses copyRoot, unsent(), MISSED, NOT_SENT and missed().

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const OUTSIDE_COPY_SOURCE = `var NOT_LOADED = '${NOT_LOADED_ADDRESS}';
  function unloadable(value, element) {
    if (!element || (window.HTMLIFrameElement && element instanceof HTMLIFrameElement)) return undefined;
    var mark = unsent(value);
    if (mark !== MISSED) return mark;
    return copyRoot && new URL(String(value), document.baseURI).href.indexOf(copyRoot) !== 0 ? mark : undefined;
  }
  function notLoaded(mark, value, element) {
    element.addEventListener('error', function () {
      // An image in no document when it fails, sent with a query and with no handler of its own,
      // is a beacon, which shows nothing: an analytics tag's pixel. One put in the page before
      // its error comes is missed, and so is one a script waits for (to draw it on a canvas).
      var beacon = mark === MISSED && window.HTMLImageElement && element instanceof HTMLImageElement && !element.isConnected &&
        !element.onload && !element.onerror && String(value).indexOf('?') >= 0;
      missed(beacon ? NOT_SENT : mark, 'GET', value);
    }, { once: true });
    return NOT_LOADED + encodeURIComponent(String(value));
  }
  // Once its rel is set too: a hint the layer made inert, or a link that loads nothing, gets no
  // error; nor does an icon, which the browser loads for itself, not for the page.
  function failsAsOffline(element, path) {
    if (!(window.HTMLLinkElement && element instanceof HTMLLinkElement) || String(path).indexOf(NOT_LOADED) !== 0) return;
    setTimeout(function () {
      if (/(^|\\s)(stylesheet|preload)(\\s|$)/i.test(element.rel)) element.dispatchEvent(new Event('error'));
    });
  }`;
