// An address a script gives an element that no file of the copy can answer: one that resolves
// to the disk outside the copy's folder. From file://, webpack's public path '/' names the root
// of the disk (Docusaurus loads the chunks of a hovered link's page by it, and a single page's
// copy has none of them). Given as it is, it fails as a request (net::ERR_FILE_NOT_FOUND); made
// an address no browser parses, it fails with no request: a script, an image or media gets its
// error event from the browser, as HTML has it for an address that does not parse; a stylesheet
// or a preload, which gets none, is given it (mini-css-extract-plugin waits for one). The error,
// when it comes, is said on the console as a fetch() the copy cannot answer is (replay-shim.ts,
// missed), where the self-check counts it. Only elements: a url() in a style or a srcset
// candidate loads only when used, and a frame's address is a document, which frames' own code handles.
// Source text inside the layer's replayDom(): it uses copyRoot and missed().

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const OUTSIDE_COPY_SOURCE = `var NOT_IN_COPY = 'http://[sitezip-not-in-this-copy]/';
  function outsideCopy(value, element) {
    if (!copyRoot || !element || (window.HTMLIFrameElement && element instanceof HTMLIFrameElement)) return false;
    var absolute;
    try { absolute = new URL(String(value), document.baseURI).href; } catch (error) { return false; }
    return absolute.indexOf('file:') === 0 && absolute.indexOf(copyRoot) !== 0;
  }
  function notInCopy(value, element) {
    element.addEventListener('error', function () { missed('GET', value); }, { once: true });
    return NOT_IN_COPY + encodeURIComponent(String(value));
  }
  // Once its rel is set too: a hint the layer made inert, or a link that loads nothing, gets no
  // error; nor does an icon, which the browser loads for itself, not for the page.
  function failsAsOffline(element, path) {
    if (!(window.HTMLLinkElement && element instanceof HTMLLinkElement) || String(path).indexOf(NOT_IN_COPY) !== 0) return;
    setTimeout(function () {
      if (/(^|\\s)(stylesheet|preload)(\\s|$)/i.test(element.rel)) element.dispatchEvent(new Event('error'));
    });
  }`;
