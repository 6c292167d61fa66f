// A request the render made with a value that changes every time: jQuery's `cache: false` adds
// `_=<the time in ms>`, others `t=Date.now()` or `r=Math.random()`. Offline the page asks with
// another value, which no recording has: a GET not recorded as asked (by fetch() or XHR, or a
// file: a tracking pixel's \`?cb=<random>\`) is answered by a recorded one to the same address whose query has the same names in the same order and the same values
// but for those that look made for the occasion on both sides: a time (seconds or milliseconds
// since 1970, 2001 to 2033) or a random fraction. An id (of 19 digits, or of letters and digits)
// is not: another item offline must not be answered with the one the render saw.
// JSONP too: a script asked with `callback=cb8312207_1764240000123` (jQuery's name for it is
// made of Math.random and the time, others of a counter) calls that function in its body. A value
// that names a function of the page's where the recorded one names another (both plain names)
// matches, and the recorded name is made to call the page's: the recorded body then reaches it.
// Source text inside the layer: it uses data and scope.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const VOLATILE_SOURCE = `var addressIndexes = Object.create(null);
  function volatile(value) { return /^1\\d{9}(\\d{3})?$|^0?\\.\\d{5,}$/.test(value); }
  // The recorded keys of a table with a query, by what they are without it: a response's key
  // starts with its method (\`GET url\`), a file's is its URL.
  function addressIndex(table, withMethod) {
    var name = withMethod ? 'responses' : 'files';
    if (addressIndexes[name]) return addressIndexes[name];
    var index = addressIndexes[name] = Object.create(null);
    Object.keys(table).forEach(function (known) {
      var space = withMethod ? known.indexOf(' ') : -1, url;
      if (known.indexOf(' sha256=') >= 0) return;
      try { url = new URL(known.slice(space + 1)); } catch (error) { return; }
      if (!url.search) return;
      var address = known.slice(0, space + 1) + url.origin + url.pathname;
      (index[address] = index[address] || []).push({ key: known, query: Array.from(url.searchParams) });
    });
    return index;
  }
  // The key of data.responses (\`GET url\`) or, for \`file\`, of data.files (a URL) that \`key\` is asked again as.
  function volatileMatch(key, file) {
    var space = file ? -1 : key.indexOf(' '), url;
    try { url = new URL(key.slice(space + 1)); } catch (error) { return undefined; }
    if (!url.search) return undefined;
    var index = file ? addressIndex(data.files, false) : addressIndex(data.responses, true);
    var asked = Array.from(url.searchParams), candidates = index[key.slice(0, space + 1) + url.origin + url.pathname] || [];
    for (var i = 0; i < candidates.length; i++) {
      var query = candidates[i].query;
      var callbacks = [];
      var near = query.length === asked.length && query.every(function (pair, n) {
        if (pair[0] !== asked[n][0]) return false;
        if (pair[1] === asked[n][1] || (volatile(pair[1]) && volatile(asked[n][1]))) return true;
        if (!pageFunction(asked[n][1]) || !PLAIN_NAME.test(pair[1])) return false;
        callbacks.push([pair[1], asked[n][1]]);
        return true;
      });
      if (near) {
        callbacks.forEach(function (names) { callThrough(names[0], names[1]); });
        return candidates[i].key;
      }
    }
    return undefined;
  }
  var PLAIN_NAME = /^[A-Za-z_$][\\w$]*$/;
  function pageFunction(name) {
    return PLAIN_NAME.test(name) && typeof scope[name] === 'function';
  }
  // The recorded callback's name calls the page's function of the name asked now.
  function callThrough(recordedName, askedName) {
    if (scope[recordedName] !== undefined) return;
    try {
      Object.defineProperty(scope, recordedName, { configurable: true, writable: true, value: function () {
        var page = scope[askedName];
        if (typeof page === 'function') return page.apply(this, arguments);
      } });
    } catch (error) {}
  }`;
