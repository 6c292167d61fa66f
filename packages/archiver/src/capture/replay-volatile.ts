// A request the render made with a value that changes every time: jQuery's `cache: false` adds
// `_=<the time in ms>`, others `t=Date.now()` or `r=Math.random()`. Offline the page asks with
// another value, which no recording has: a GET not recorded as asked is answered by a recorded
// one to the same address whose query has the same names in the same order and the same values
// but for those that look made for the occasion on both sides: a time (seconds or milliseconds
// since 1970, 2001 to 2033) or a random fraction. An id (of 19 digits, or of letters and digits)
// is not: another item offline must not be answered with the one the render saw.
// Source text inside the layer: it uses data.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const VOLATILE_SOURCE = `var byAddress;
  function volatile(value) { return /^1\\d{9}(\\d{3})?$|^0?\\.\\d{5,}$/.test(value); }
  function volatileMatch(key) {
    var at = key.indexOf(' '), method = key.slice(0, at), url;
    try { url = new URL(key.slice(at + 1)); } catch (error) { return undefined; }
    if (!url.search) return undefined;
    if (!byAddress) {
      byAddress = Object.create(null);
      Object.keys(data.responses).forEach(function (known) {
        var space = known.indexOf(' '), recordedUrl;
        if (known.indexOf(' sha256=') >= 0) return;
        try { recordedUrl = new URL(known.slice(space + 1)); } catch (error) { return; }
        if (!recordedUrl.search) return;
        var address = known.slice(0, space) + ' ' + recordedUrl.origin + recordedUrl.pathname;
        (byAddress[address] = byAddress[address] || []).push({ key: known, query: Array.from(recordedUrl.searchParams) });
      });
    }
    var asked = Array.from(url.searchParams), candidates = byAddress[method + ' ' + url.origin + url.pathname] || [];
    for (var i = 0; i < candidates.length; i++) {
      var query = candidates[i].query;
      var near = query.length === asked.length && query.every(function (pair, n) {
        return pair[0] === asked[n][0] && (pair[1] === asked[n][1] || (volatile(pair[1]) && volatile(asked[n][1])));
      });
      if (near) return candidates[i].key;
    }
    return undefined;
  }`;
