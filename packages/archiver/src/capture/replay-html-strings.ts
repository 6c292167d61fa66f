// Markup a script writes as text (`innerHTML`, `outerHTML`, `insertAdjacentHTML`: jQuery's
// .html() and the fragments it builds in a detached element, markdown renderers, v-html) is
// parsed by the browser, which loads what it names at once: no setter of the layer sees those
// addresses, and from file:// `/img/a.png` is a file at the root of the disk. Markup that names
// something a browser loads is parsed first in a <template> (inert: nothing loads), its loaded
// attributes pointed at the copy's files as the setters do, then put in place; other markup goes
// through unchanged. Scripts in it stay inert either way (the fragment parser marks them so).
// Markup given to `document.write` may be a piece of a tag or of a script (ad loaders write
// `<scr' + 'ipt src=…`), so it is not parsed: the loaded attributes of each whole tag in it are
// mapped as text (src, href, poster, srcset of what loads them; style of any element).
// A `srcset` (responsive images: next/image writes one on every image it renders) is a list of
// addresses, each pointed at the copy's file the same way, in markup and when a script sets it.
// Source text inside the layer's replayDom(): it uses elements, mapped(), remember(),
// loadsFile() and the real setAttribute.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const HTML_STRINGS_SOURCE = `var markupDescriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  // An attribute's name follows a space, or the quote that ends the one before (minified markup
  // such as rustdoc's \`type="font/woff2"href=…\`, which browsers read as two attributes).
  var LOADS = /(?:\\s|["'])(?:src|href|xlink:href|poster|srcset)\\s*=/i;
  // Each candidate's address as mapped(), its descriptors as written (HTML's srcset parsing: an
  // address is a run of non-space, whose trailing commas end the candidate).
  function mappedSrcset(value) {
    var text = String(value), out = '', at = 0;
    while (at < text.length) {
      var gap = /^[\\s,]*/.exec(text.slice(at))[0];
      out += gap;
      at += gap.length;
      if (at >= text.length) break;
      var url = /^\\S+/.exec(text.slice(at))[0], ends = /,+$/.exec(url);
      at += url.length;
      if (ends) url = url.slice(0, -ends[0].length);
      out += mapped(url) + (ends ? ends[0] : '');
      if (ends) continue;
      var rest = /^[^,]*/.exec(text.slice(at))[0];
      out += rest;
      at += rest.length;
    }
    return out;
  }
  var srcsetTypes = [window.HTMLImageElement, window.HTMLSourceElement].filter(Boolean);
  function takesSrcset(element) { return srcsetTypes.some(function (type) { return element instanceof type; }); }
  srcsetTypes.forEach(function (type) {
    var descriptor = Object.getOwnPropertyDescriptor(type.prototype, 'srcset');
    if (!descriptor || !descriptor.set) return;
    Object.defineProperty(type.prototype, 'srcset', {
      configurable: true, enumerable: descriptor.enumerable, get: descriptor.get,
      set: function (value) { descriptor.set.call(this, mappedSrcset(value)); }
    });
  });
  // A table's parts are parsed as its context makes them (a row in a table gets a tbody): the
  // template gets the same context around the markup, as jQuery's wrap map does. Parts of a table
  // in another context are left to the browser (it drops their tags, a template would not).
  var WRAPS = { TABLE: '<table>', TBODY: '<table><tbody>', THEAD: '<table><thead>', TFOOT: '<table><tfoot>', TR: '<table><tbody><tr>', COLGROUP: '<table><colgroup>' };
  var TABLE_PARTS = /<(?:t[rdh]|tbody|thead|tfoot|caption|colgroup|col)[\\s/>]/i;
  // The markup, as \`context\` would parse it, inert with its loaded addresses mapped; undefined when none changed.
  function mappedMarkup(html, context) {
    if (!markupDescriptor || !markupDescriptor.set || !LOADS.test(html)) return undefined;
    var wrap = WRAPS[context.tagName] || '';
    if (!wrap && TABLE_PARTS.test(html)) return undefined;
    var template = document.createElement('template'), changed = false;
    markupDescriptor.set.call(template, wrap + html);
    var root = template.content;
    for (var depth = wrap.split('<').length - 1; depth > 0 && root; depth--) root = root.firstElementChild;
    if (!root) return undefined;
    if (mapUses(root)) changed = true;
    root.querySelectorAll('[srcset]').forEach(function (element) {
      var value = getAttribute.call(element, 'srcset'), mappedValue = takesSrcset(element) ? mappedSrcset(value) : value;
      if (mappedValue === value) return;
      changed = true;
      setAttribute.call(element, 'srcset', mappedValue);
    });
    root.querySelectorAll('[src], [href], [poster]').forEach(function (element) {
      elements.forEach(function (pair) {
        if (!pair[0] || !(element instanceof pair[0])) return;
        var value = getAttribute.call(element, pair[1]);
        if (value === null) return;
        var path = mapped(value, element);
        if (path === value) return;
        changed = true;
        remember(element, pair[1], path, value);
        loadsFile(element, path);
        setAttribute.call(element, pair[1], path);
        failsAsOffline(element, path);
      });
    });
    if (!changed) return undefined;
    var fragment = document.createDocumentFragment();
    while (root.firstChild) fragment.appendChild(root.firstChild);
    return fragment;
  }
  // An HTML element's markup (an SVG's is parsed as SVG; a script's, style's or textarea's is text).
  function parsesHtml(element) {
    return element instanceof HTMLElement && !(element instanceof HTMLTemplateElement || element instanceof HTMLScriptElement
      || element instanceof HTMLStyleElement || element instanceof HTMLTextAreaElement || element instanceof HTMLTitleElement);
  }
  if (markupDescriptor && markupDescriptor.set) {
    Object.defineProperty(Element.prototype, 'innerHTML', {
      configurable: true, enumerable: markupDescriptor.enumerable, get: markupDescriptor.get,
      set: function (html) {
        // A <template>'s markup goes into its content, whose clones frameworks insert (Solid, Svelte, Lit).
        var template = this instanceof HTMLTemplateElement;
        var fragment = parsesHtml(this) || template ? mappedMarkup(String(html), this) : undefined;
        if (!fragment) return markupDescriptor.set.call(this, html);
        (template ? this.content : this).replaceChildren(fragment);
      }
    });
  }
  // A shadow root written as markup (web components without a framework).
  var shadowMarkup = window.ShadowRoot && Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'innerHTML');
  if (shadowMarkup && shadowMarkup.set) {
    Object.defineProperty(ShadowRoot.prototype, 'innerHTML', {
      configurable: true, enumerable: shadowMarkup.enumerable, get: shadowMarkup.get,
      set: function (html) {
        var fragment = mappedMarkup(String(html), this.host);
        if (!fragment) return shadowMarkup.set.call(this, html);
        this.replaceChildren(fragment);
      }
    });
  }
  var outerDescriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'outerHTML');
  if (outerDescriptor && outerDescriptor.set) {
    Object.defineProperty(Element.prototype, 'outerHTML', {
      configurable: true, enumerable: outerDescriptor.enumerable, get: outerDescriptor.get,
      set: function (html) {
        var fragment = this.parentNode && parsesHtml(this.parentNode) ? mappedMarkup(String(html), this.parentNode) : undefined;
        if (!fragment) return outerDescriptor.set.call(this, html);
        this.replaceWith(fragment);
      }
    });
  }
  var insertAdjacentHTML = Element.prototype.insertAdjacentHTML;
  var PLACES = { beforebegin: 'before', afterbegin: 'prepend', beforeend: 'append', afterend: 'after' };
  Element.prototype.insertAdjacentHTML = function (position, html) {
    var place = PLACES[String(position).toLowerCase()];
    var context = place === 'prepend' || place === 'append' ? this : this.parentNode;
    var fragment = place && parsesHtml(context) ? mappedMarkup(String(html), context) : undefined;
    if (!fragment) return insertAdjacentHTML.apply(this, arguments);
    this[place](fragment);
  };
  var LOADING_TAGS = /^(?:script|img|link|source|video|audio|iframe|embed|input|track)$/i;
  var TAG = /<([a-z][a-z0-9-]*)(\\s[^<>]*)>/gi;
  var WRITTEN_ATTRIBUTE = /((?:\\s|(?<=["']))(src|href|poster|srcset|style)\\s*=\\s*)(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))/gi;
  function mappedWritten(html) {
    var text = String(html);
    if (!LOADS.test(text) && !/\\sstyle\\s*=/i.test(text)) return html;
    return text.replace(TAG, function (tag, name, attributes) {
      var loads = LOADING_TAGS.test(name), toFile = false;
      var mappedAttributes = attributes.replace(WRITTEN_ATTRIBUTE, function (all, lead, attribute, doubled, single, bare) {
        var value = doubled !== undefined ? doubled : single !== undefined ? single : bare, lower = attribute.toLowerCase();
        if (lower !== 'style' && !loads) return all;
        var path = lower === 'style' ? mappedCss(value) : lower === 'srcset' ? mappedSrcset(value) : mapped(value);
        if (path === value) return all;
        try { if (lower !== 'style' && new URL(path, document.baseURI).protocol === 'file:') toFile = true; } catch (error) {}
        var quote = single !== undefined ? "'" : '"';
        return lead + quote + path + quote;
      });
      // From file:// a CORS request always fails (as loadsFile() drops it from an element).
      if (toFile) mappedAttributes = mappedAttributes.replace(/\\scrossorigin(\\s*=\\s*("[^"]*"|'[^']*'|[^\\s"'>]+))?/i, '');
      return '<' + name + mappedAttributes + '>';
    });
  }
  // On the prototype that has them (Document's in Chromium and Firefox; HTMLDocument's in older engines).
  ['write', 'writeln'].forEach(function (name) {
    var owner = document;
    while (owner && !Object.prototype.hasOwnProperty.call(owner, name)) owner = Object.getPrototypeOf(owner);
    if (!owner || typeof owner[name] !== 'function') return;
    var real = owner[name];
    owner[name] = function () {
      return real.apply(this, Array.prototype.map.call(arguments, mappedWritten));
    };
  });`;
