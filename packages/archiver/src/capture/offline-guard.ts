import { saveShared, type CaptureContext } from './context.js';
import { FAIL_XHR_SOURCE, NOT_LOADED_ADDRESS } from './replay-network-error.js';
import { NOT_SENT_MARK } from './replay-shim.js';
import { STREAMS_SOURCE } from './replay-streams.js';
import { SITE_ANSWERS_SOURCE } from './static-site-answers.js';

// A static copy keeps the page's scripts, another site's among them: an analytics tag runs
// offline as it ran online, and sends its pixel, beacon and hits to its own site. The copy's
// CSP (OFFLINE_CSP) refuses them, but a refused request is still one the page made and failed:
// Chromium lists each as a failed request (`csp`), Firefox reports each as an error of the page,
// the beacon too (static-offline-guard.test.ts, e2e/fidelity/analytics-tag.spec.ts). So the copy's first script
// fails what the CSP would refuse before it is asked: fetch() rejects as offline, an XHR errs
// (status 0), a beacon is "queued" and dropped, an element a script points at another site
// (a script, an image, media, a stylesheet or preload) gets its error event from an address no
// browser parses, and a frame it points at one (a video player, a comments widget: no capture of
// a static page has its document) stays blank, all with no request; each is said on the console
// as the live copy's layer says it (replay-shim.ts, NOT_SENT_MARK). A live copy has that layer
// instead. Only what a script asks for: what the HTML names was rewritten to the copy's files or
// left as it was. From file:// also what the browser throws on, which stopped the rest of the
// script there (a relative address is file:, which neither takes): a beacon to the page's own
// site (a self-hosted counter's) is dropped, and a WebSocket or EventSource fails as an
// unreachable server's does, as in a live copy (replay-streams.ts, which drops every beacon).
// One file at the copy's root that such pages load first (7 KB inline in each page was 2.3 KB
// more of every page in the ZIP).

/** Where the guard is in the copy. */
export const OFFLINE_GUARD_PATH = 'sitezip-offline-guard.js';

/** The guard: a classic script that a static page keeping scripts loads first in its head. */
export const OFFLINE_GUARD_SOURCE = `(function () {
  var here = location.origin, mark = '${NOT_SENT_MARK}', warn = console.warn;
  function outside(url) {
    try { var a = new URL(String(url), document.baseURI); } catch (e) { return false; }
    return /^(https?|wss?):$/.test(a.protocol) && a.origin !== here;
  }
  function unsent(method, url) {
    try { warn.call(console, mark + ' ' + method + ' ' + url); } catch (e) {}
  }
  var realFetch = window.fetch;
  ${SITE_ANSWERS_SOURCE}
  if (realFetch) window.fetch = function (input, init) {
    var request = typeof Request !== 'undefined' && input instanceof Request;
    var url = request ? input.url : String(input);
    if (!outside(url)) {
      if (!fromSite(input, init)) return realFetch.apply(this, arguments);
      var self = this, args = arguments;
      return recordedAnswer(url).then(function (answer) { return answer || realFetch.apply(self, args); });
    }
    unsent(String((init && init.method) || (request ? input.method : 'GET')).toUpperCase(), url);
    return Promise.reject(new TypeError('Failed to fetch'));
  };
  var beacon = window.Navigator && Navigator.prototype.sendBeacon;
  if (beacon) Navigator.prototype.sendBeacon = function (url) {
    if (!outside(url)) return beacon.apply(this, arguments);
    unsent('POST', url);
    return true;
  };
  if (location.protocol === 'file:') {
    var scope = window;
    var original = function (url) { return new URL(String(url), document.baseURI).href; };
    ${STREAMS_SOURCE}
  }
  var Xhr = window.XMLHttpRequest, away = new WeakMap(), ownGets = new WeakMap();
  if (Xhr) {
    var open = Xhr.prototype.open, send = Xhr.prototype.send;
    Xhr.prototype.open = function (method, url) {
      delete this.readyState;
      delete this.status;
      var verb = String(method).toUpperCase(), async = arguments.length < 3 || Boolean(arguments[2]);
      if (outside(url)) away.set(this, { method: verb, url: String(url), async: async });
      else away.delete(this);
      // An asynchronous GET of the site's own: looked up at send() (see xhrFromSite).
      if (site && async && verb === 'GET' && !outside(url)) ownGets.set(this, String(url));
      else ownGets.delete(this);
      return open.apply(this, arguments);
    };
    Xhr.prototype.send = function () {
      var request = away.get(this), own = ownGets.get(this);
      if (own !== undefined) {
        ownGets.delete(this);
        return xhrFromSite(this, own, arguments);
      }
      if (!request) return send.apply(this, arguments);
      unsent(request.method, request.url);
      if (!request.async) throw new DOMException('Failed to execute send on XMLHttpRequest.', 'NetworkError');
      failXhr(this);
    };
  }
  // Answered from the recording as the live copies' layer answers an XHR: opened again at a blob:
  // URL of the recorded body. Not recorded, it goes to the browser as sent.
  function xhrFromSite(xhr, url, args) {
    function go(blob) {
      // An XHR the page aborted meanwhile is not sent.
      try {
        if (!blob) return send.apply(xhr, args);
        open.call(xhr, 'GET', URL.createObjectURL(blob), true);
        send.call(xhr);
      } catch (error) {}
    }
    recordedAnswer(url).then(function (answer) { return answer && answer.blob(); }).then(go, function () { go(undefined); });
  }
  ${FAIL_XHR_SOURCE}
  var NOT_LOADED = '${NOT_LOADED_ADDRESS}';
  function loads(element, name) {
    if (window.HTMLLinkElement && element instanceof HTMLLinkElement) return name === 'href' && /(^|\\s)(stylesheet|preload|modulepreload|prefetch|icon)(\\s|$)/i.test(element.rel);
    return name === 'src' && [window.HTMLScriptElement, window.HTMLImageElement, window.HTMLMediaElement, window.HTMLSourceElement].some(function (type) { return type && element instanceof type; });
  }
  function mapped(element, name, value) {
    if (window.HTMLIFrameElement && element instanceof HTMLIFrameElement) {
      if (name !== 'src' || !outside(value)) return value;
      unsent('GET', value);
      return 'about:blank';
    }
    if (!loads(element, name) || !outside(value)) return value;
    element.addEventListener('error', function () { unsent('GET', value); }, { once: true });
    return NOT_LOADED + encodeURIComponent(String(value));
  }
  [[window.HTMLScriptElement, 'src'], [window.HTMLImageElement, 'src'], [window.HTMLMediaElement, 'src'], [window.HTMLSourceElement, 'src'], [window.HTMLLinkElement, 'href'], [window.HTMLIFrameElement, 'src']].forEach(function (pair) {
    var descriptor = pair[0] && Object.getOwnPropertyDescriptor(pair[0].prototype, pair[1]);
    if (!descriptor || !descriptor.set) return;
    Object.defineProperty(pair[0].prototype, pair[1], {
      configurable: true, enumerable: descriptor.enumerable, get: descriptor.get,
      set: function (value) { descriptor.set.call(this, mapped(this, pair[1], value)); }
    });
  });
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    return setAttribute.call(this, name, mapped(this, String(name).toLowerCase(), value));
  };
})();
`;

/** Saves the guard into the copy, once (see saveShared), for a page that loads it. */
export function saveOfflineGuard(ctx: CaptureContext): Promise<void> {
  return saveShared(ctx, OFFLINE_GUARD_PATH, () => Buffer.from(OFFLINE_GUARD_SOURCE, 'utf8'));
}
