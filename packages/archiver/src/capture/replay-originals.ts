// A live copy writes its own paths into the page's attributes (`../_next/static/chunks/a.js`
// for `/_next/static/chunks/a.js`), but runtimes find their files by what they wrote: Turbopack
// registers a chunk under `currentScript.getAttribute('src')` and looks for a chunk already in
// the page with `script[src="/_next/…"]`; React 19 matches the stylesheets and preloads it
// hydrates by `getAttribute('href')` and `link[rel="preload"][href="…"]`. A runtime that finds
// nothing loads the file again (a font preload with `crossorigin`, which file:// refuses) or
// never hydrates. So reading a script's src or a link's href back gives the value as the page
// wrote it, and a selector that asks for that value also finds the element that has the
// copy's. The attributes themselves keep the copy's paths: a link whose href changes loads again.
// Source text inside the layer's replayDom(): it uses data and the real getAttribute.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const ORIGINALS_SOURCE = `var originals = data.originals || {}, given = new WeakMap(), copies = Object.create(null);
  var hasOwn = Object.prototype.hasOwnProperty;
  function noteCopy(value, original) { (copies[original] = copies[original] || []).push(value); }
  Object.keys(originals).forEach(function (value) { noteCopy(value, originals[value]); });
  function readsBack(element, name) {
    var lower = String(name).toLowerCase();
    return (lower === 'src' && element instanceof HTMLScriptElement) || (lower === 'href' && element instanceof HTMLLinkElement);
  }
  // What the page wrote for the value an element now has: in the copy's HTML, or set by a script.
  function originalOf(element, value) {
    var set = given.get(element);
    if (set && set.value === value) return set.original;
    return hasOwn.call(originals, value) ? originals[value] : undefined;
  }
  function remember(element, name, value, original) {
    if (value === original || !readsBack(element, name)) return;
    given.set(element, { value: String(value), original: String(original) });
    noteCopy(String(value), String(original));
  }
  // A module script of the page is written as a data: URL that imports the module's key in the
  // import map (process-html.ts): its src read back is the address the page gave it, resolved
  // as online (Shoelace finds its own folder, and its icons, by testing script.src).
  var scriptSrc = window.HTMLScriptElement && Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src');
  if (scriptSrc && scriptSrc.get) {
    Object.defineProperty(HTMLScriptElement.prototype, 'src', { configurable: true, enumerable: scriptSrc.enumerable, set: scriptSrc.set, get: function () {
      var value = scriptSrc.get.call(this), was = /^data:/i.test(value) ? originalOf(this, getAttribute.call(this, 'src')) : undefined;
      if (was === undefined) return value;
      try { return new URL(was, data.baseUrl || data.base).href; } catch (error) { return value; }
    } });
  }
  Element.prototype.getAttribute = function (name) {
    var value = getAttribute.apply(this, arguments);
    if (value === null || !readsBack(this, name)) return value;
    var was = originalOf(this, value);
    return was === undefined ? value : was;
  };
  // [src="/a.js"] → :is([src="/a.js"],[src="../a.js"]) where the copy wrote ../a.js for /a.js.
  var attributeTest = /\\[\\s*(src|href)\\s*=\\s*"([^"\\\\]*)"\\s*\\]/gi;
  function widen(selector) {
    if (typeof selector !== 'string' || selector.indexOf('=') < 0) return selector;
    return selector.replace(attributeTest, function (all, name, value) {
      if (!copies[value]) return all;
      return ':is(' + [all].concat(copies[value].map(function (copy) { return '[' + name + '="' + copy.replace(/["\\\\]/g, '\\\\$&') + '"]'; })).join(',') + ')';
    });
  }
  [[window.Document, ['querySelector', 'querySelectorAll']], [window.DocumentFragment, ['querySelector', 'querySelectorAll']],
    [window.Element, ['querySelector', 'querySelectorAll', 'matches', 'closest']]].forEach(function (pair) {
    pair[1].forEach(function (method) {
      var real = pair[0] && pair[0].prototype[method];
      if (typeof real !== 'function') return;
      pair[0].prototype[method] = function (selector) {
        var args = Array.prototype.slice.call(arguments);
        args[0] = widen(selector);
        return real.apply(this, args);
      };
    });
  });`;
