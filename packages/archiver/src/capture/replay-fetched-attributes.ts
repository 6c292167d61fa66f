// Attributes that name what the page fetched, read offline as the address online. API
// references take their document's address from an attribute (`<redoc spec-url="/petstore.json">`,
// `<openapi-explorer spec-url>`) and resolve it against `location` themselves: from a copy that
// is a file: address, which some read with a file system they do not have in the browser (Redoc's
// bundle: `lstatSync is not a function`) and never fetch(). Read as its address online, the value
// is one fetch() this layer answers from the recording. Only values that are, as written, the
// address (absolute, root-relative or relative to the page) of a recorded GET that is not a page:
// a router's link to a page it prefetched stays as written. Not the attributes a browser loads
// from (the copy points those at its files).
// Source text inside the layer's replayDom(): it uses data, the real getAttribute and scope.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const FETCHED_ATTRIBUTES_SOURCE = `var fetchedValues = Object.create(null);
  (function () {
    var site = new URL(data.baseUrl || data.base), pageFolder = site.origin + site.pathname.slice(0, site.pathname.lastIndexOf('/') + 1);
    Object.keys(data.responses).forEach(function (key) {
      var type = data.responses[key].headers['content-type'] || '', online = key.slice(4), url;
      if (key.indexOf('GET ') !== 0 || /^text\\/html/i.test(type)) return;
      try { url = new URL(online); } catch (error) { return; }
      fetchedValues[online] = online;
      if (url.origin !== site.origin) return;
      fetchedValues[url.pathname + url.search] = online;
      var relative = online.indexOf(pageFolder) === 0 ? online.slice(pageFolder.length) : '';
      if (relative) fetchedValues[relative] = fetchedValues['./' + relative] = online;
    });
  })();
  var LOADED_FROM = /^(?:href|src|srcset|action|formaction|poster|data|cite|background|ping|xlink:href|content|style)$/i;
  function asFetched(name, value) {
    return typeof value === 'string' && !LOADED_FROM.test(String(name)) && Object.prototype.hasOwnProperty.call(fetchedValues, value) ? fetchedValues[value] : value;
  }
  // Each layer that wraps getAttribute keeps the one before under a name of its own: a var shares replayDom's scope.
  var beforeFetched = Element.prototype.getAttribute;
  Element.prototype.getAttribute = function (name) {
    return asFetched(name, beforeFetched.apply(this, arguments));
  };
  // A custom element hears of its attributes through attributeChangedCallback (Lit's properties).
  if (scope.customElements && typeof customElements.define === 'function') {
    var define = customElements.define;
    customElements.define = function (name, constructor) {
      var prototype = constructor && constructor.prototype, changed = prototype && prototype.attributeChangedCallback;
      if (typeof changed === 'function') {
        Object.defineProperty(prototype, 'attributeChangedCallback', {
          configurable: true, writable: true,
          value: function (attribute, before, value) { return changed.call(this, attribute, before, asFetched(attribute, value)); }
        });
      }
      return define.apply(this, arguments);
    };
  }`;
