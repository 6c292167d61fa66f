import { SCRIPT_LOAD_SOURCE } from './replay-script-load.js';
import { SITE_RESPONSES_PATH } from './site-responses.js';

// A mirror's static page runs its scripts offline, but from file:// their fetch() of the site's
// own files fails: a Hugo theme's header search fetches `/index.json` on the first keystroke. A
// rendered page of the same mirror may have recorded that answer (its render typed into the same
// box: render/type-in-search.ts), and the copy's index of recorded responses names it
// (site-responses.ts). So the static pages of a site capture that renders give the offline guard
// their address online and the copy's root (a JSON attribute of its script tag, SITE_ATTRIBUTE):
// a GET by fetch() or asynchronous XHR (jQuery's $.getJSON) of an address of the page's own site
// (resolved, as online, against the page's address) that the index names is answered from the
// replay file that recorded it (an XHR opened again at a blob: URL of it, offline-guard.ts),
// loaded by a script tag as the live copies' layer loads it (replay-site-responses.ts). Anything
// else goes to the browser as before.
// Source text inside OFFLINE_GUARD_SOURCE: it uses realFetch.

/** The guard's script tag's attribute: `{ page, root }`. */
export const SITE_ATTRIBUTE = 'data-sitezip-site';

/** Part of OFFLINE_GUARD_SOURCE (offline-guard.ts). */
export const SITE_ANSWERS_SOURCE = `var site = null, siteIndex, siteFiles = {};
  try { site = JSON.parse(document.currentScript.getAttribute('${SITE_ATTRIBUTE}')); } catch (e) {}
  ${SCRIPT_LOAD_SOURCE}
  // The recorded answer to a GET of \`written\` (as a script wrote it), or undefined.
  function recordedAnswer(written) {
    var key;
    try { key = 'GET ' + new URL(written, site.page).href.split('#')[0]; } catch (e) { return Promise.resolve(undefined); }
    siteIndex = siteIndex || siteScript(site.root + '${SITE_RESPONSES_PATH}', function () { return window.__SITEZIP_SITE_RESPONSES__; });
    return siteIndex.then(function (index) {
      var file = index && Object.prototype.hasOwnProperty.call(index, key) ? index[key] : undefined;
      if (!file) return undefined;
      siteFiles[file] = siteFiles[file] || siteScript(site.root + file, function () {
        var data = window.__SITEZIP_REPLAY__;
        window.__SITEZIP_REPLAY__ = undefined;
        return data;
      });
      return siteFiles[file].then(function (data) {
        var answer = data && data.responses && data.responses[key];
        if (!answer || answer.status < 200 || answer.status > 599) return undefined;
        var text = atob(answer.body || ''), bytes = new Uint8Array(text.length);
        for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
        var empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
        return new Response(empty ? null : bytes, { status: answer.status, headers: answer.headers || {} });
      });
    });
  }
  // A GET by fetch() of an address as written (not a Request, whose address file:// resolved already).
  function fromSite(input, init) {
    if (!site || typeof input !== 'string' && !(input instanceof URL)) return false;
    return String((init && init.method) || 'GET').toUpperCase() === 'GET';
  }`;
