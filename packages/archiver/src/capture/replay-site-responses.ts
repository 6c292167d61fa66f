// A GET that the page's own recording lacks may be another page's of the same copy (Gatsby's
// page data for the pages its links lead to: site-responses.ts). In a site capture's pages the
// layer then loads the copy's index of recorded responses, and the replay file it names, by
// script tags, and answers from that file: a fetch() or an asynchronous XHR can wait for it; a
// synchronous XHR cannot, and goes out as before. A replay file sets the page's data global when
// it runs: it is read and put back at once (this page's layer read its own long before).
// Source text inside the layer: it uses data, worker, copyRoot and scope (replay-shim.ts).

import { SCRIPT_LOAD_SOURCE } from './replay-script-load.js';
import { SITE_RESPONSES_PATH } from './site-responses.js';

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const SITE_RESPONSES_SOURCE = `var siteIndex, siteFiles = Object.create(null);
  // Lookups in flight, and when the last one ended: a click's navigation waits for them (replay-site-files.ts).
  var siteLookups = { pending: 0, ended: -Infinity };
  ${SCRIPT_LOAD_SOURCE}
  // Whether another page of the copy may have recorded what this one did not: a page (not a worker) of a site capture.
  var siteLookup = !worker && data.site && copyRoot && typeof document !== 'undefined';
  // The recorded response of another page of the copy for \`key\` (\`GET <url>\`), or undefined.
  function elsewhere(key) {
    if (!siteLookup) return Promise.resolve(undefined);
    siteLookups.pending++;
    function done(hit) {
      siteLookups.pending--;
      siteLookups.ended = typeof performance !== 'undefined' ? performance.now() : 0;
      return hit;
    }
    siteIndex = siteIndex || siteScript(copyRoot + '${SITE_RESPONSES_PATH}', function () { return scope.__SITEZIP_SITE_RESPONSES__; });
    return siteIndex.then(function (index) {
      var file = index && Object.prototype.hasOwnProperty.call(index, key) ? index[key] : undefined;
      if (!file) return done(undefined);
      siteFiles[file] = siteFiles[file] || siteScript(copyRoot + file, function () {
        var other = scope.__SITEZIP_REPLAY__;
        scope.__SITEZIP_REPLAY__ = data;
        return other;
      });
      return siteFiles[file].then(function (other) { return done(other && other.responses ? other.responses[key] : undefined); });
    });
  }`;
