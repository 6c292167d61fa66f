// Chromium keeps no cookies for file://: `document.cookie = 'consent=1'` is dropped and reads
// give "". A page that remembers a choice in a cookie and reads it back (a consent banner that
// hides, a tab or theme it keeps, a counter, a login form's test that cookies work) shows the
// other branch offline. Where the browser keeps none, the copy's `document.cookie` is a jar of
// the cookies its scripts set, kept for the tab's life in sessionStorage (the copy's pages share
// it as one site's pages share their cookies), with `Max-Age` and `Expires` honoured and the other
// attributes, which scope a cookie to hosts, paths and schemes a folder does not have, read as
// set. None are seeded from the render: the site's cookies (sessions) are never saved.
// Source text inside the layer's replayDom().

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const COOKIES_SOURCE = `var cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  function cookiesKept() {
    try {
      cookie.set.call(document, '__sitezip_cookie_test=1');
      var kept = /(^|; )__sitezip_cookie_test=1(;|$)/.test(cookie.get.call(document));
      cookie.set.call(document, '__sitezip_cookie_test=; max-age=0');
      return kept;
    } catch (error) { return true; }
  }
  if (cookie && cookie.get && cookie.set && !cookiesKept()) {
    var JAR_KEY = '__sitezipCookies', jarInMemory = {};
    var loadJar = function () {
      try { return JSON.parse(sessionStorage.getItem(JAR_KEY) || '{}') || {}; } catch (error) { return jarInMemory; }
    };
    var saveJar = function (jar) {
      jarInMemory = jar;
      try { sessionStorage.setItem(JAR_KEY, JSON.stringify(jar)); } catch (error) {}
    };
    var liveCookies = function () {
      var jar = loadJar(), now = Date.now(), names = Object.keys(jar).filter(function (name) { return !jar[name].expires || jar[name].expires > now; });
      if (names.length < Object.keys(jar).length) saveJar(names.reduce(function (kept, name) { kept[name] = jar[name]; return kept; }, {}));
      return names.map(function (name) { return name === '' ? jar[name].value : name + '=' + jar[name].value; }).join('; ');
    };
    var setCookie = function (text) {
      var parts = String(text).split(';'), pair = parts.shift(), equals = pair.indexOf('=');
      var name = (equals < 0 ? '' : pair.slice(0, equals)).trim(), value = (equals < 0 ? pair : pair.slice(equals + 1)).trim();
      var expires;
      parts.forEach(function (part) {
        var at = part.indexOf('='), key = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase(), attribute = at < 0 ? '' : part.slice(at + 1).trim();
        if (key === 'max-age' && /^-?\\d+$/.test(attribute)) expires = Date.now() + Number(attribute) * 1000;
        else if (key === 'expires' && expires === undefined && !isNaN(Date.parse(attribute))) expires = Date.parse(attribute);
      });
      var jar = loadJar();
      // A cookie set again keeps its place, as the browser orders cookies by when each was made.
      if (expires === undefined || expires > Date.now()) jar[name] = expires === undefined ? { value: value } : { value: value, expires: expires };
      else delete jar[name];
      saveJar(jar);
    };
    Object.defineProperty(Document.prototype, 'cookie', { configurable: true, enumerable: cookie.enumerable, get: function () {
      return this === document ? liveCookies() : cookie.get.call(this);
    }, set: function (text) {
      if (this === document) setCookie(text);
      else cookie.set.call(this, text);
    } });
  }`;
