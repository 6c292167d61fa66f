// Styles a script writes as text: CSS-in-JS libraries (styled-components, emotion) insert their
// rules with insertRule into a <style> element, web components fill constructed sheets
// (replaceSync), and scripts set a style attribute, cssText or setProperty. A `url()` in them
// resolves against the page, and from file:// `/img/hero.jpg` is a file at the root of the
// disk: each is pointed at the copy's file, as markup's addresses are. A sheet linked from a
// file of the copy resolves against that file, which is in the copy already: left as written.
// A property set by its own name (`el.style.backgroundImage = …`, as React writes inline styles)
// has no setter to patch in Chromium (a named property of the declaration, on no prototype): the
// style attribute it changes is watched instead, and its url() pointed at the copy's file before
// the browser next computes styles, which is when it would load the image (a script that forces
// a layout in between gets the failed request first).
// Source text inside the layer's replayDom(): it uses mapped() and the real setAttribute.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const CSS_SOURCE = `function mappedCss(text) {
    var css = String(text);
    if (css.indexOf('url(') < 0) return text;
    return css.replace(/url\\(\\s*(['"]?)([^'")]+)\\1\\s*\\)/g, function (all, quote, url) {
      if (/^(data|blob|#)/i.test(url)) return all;
      // Left as written where it names the same file already (the copy's own relative paths).
      var path = mapped(url);
      return sameAddress(path, url) ? all : 'url(' + quote + path + quote + ')';
    });
  }
  function sameAddress(a, b) {
    try { return new URL(a, document.baseURI).href === new URL(b, document.baseURI).href; } catch (error) { return a === b; }
  }
  // A sheet whose addresses resolve against the page: a <style>'s, or one a script constructed.
  function pageSheet(sheet) { return !sheet.href; }
  if (scope.CSSStyleSheet) {
    var insertRule = CSSStyleSheet.prototype.insertRule, replaceSync = CSSStyleSheet.prototype.replaceSync, replace = CSSStyleSheet.prototype.replace;
    CSSStyleSheet.prototype.insertRule = function (rule) {
      var args = Array.prototype.slice.call(arguments);
      if (pageSheet(this)) args[0] = mappedCss(rule);
      return insertRule.apply(this, args);
    };
    if (replaceSync) CSSStyleSheet.prototype.replaceSync = function (text) { return replaceSync.call(this, pageSheet(this) ? mappedCss(text) : text); };
    if (replace) CSSStyleSheet.prototype.replace = function (text) { return replace.call(this, pageSheet(this) ? mappedCss(text) : text); };
  }
  if (scope.CSSStyleDeclaration) {
    var setProperty = CSSStyleDeclaration.prototype.setProperty, cssText = Object.getOwnPropertyDescriptor(CSSStyleDeclaration.prototype, 'cssText');
    CSSStyleDeclaration.prototype.setProperty = function (name, value) {
      var args = Array.prototype.slice.call(arguments);
      if (args.length > 1) args[1] = mappedCss(value);
      return setProperty.apply(this, args);
    };
    if (cssText && cssText.set) {
      Object.defineProperty(CSSStyleDeclaration.prototype, 'cssText', {
        configurable: true, enumerable: cssText.enumerable, get: cssText.get,
        set: function (value) { cssText.set.call(this, mappedCss(value)); }
      });
    }
  }
  var styled = new WeakMap();
  function mapStyleAttribute(element) {
    var text = getAttribute.call(element, 'style');
    if (!text || text.indexOf('url(') < 0 || styled.get(element) === text) return;
    var css = mappedCss(text);
    styled.set(element, css);
    if (css !== text) setAttribute.call(element, 'style', css);
  }
  // A <style> a script fills with text (style-loader, CSS injected by a bundle, emotion outside
  // its speedy mode, a web component's shadow root written as markup): its url()s too.
  var styleTexts = new WeakMap();
  function mapStyleElement(style) {
    var text = style.textContent;
    if (!text || text.indexOf('url(') < 0 || styleTexts.get(style) === text) return;
    var css = mappedCss(text);
    styleTexts.set(style, css);
    if (css !== text) style.textContent = css;
  }
  function isStyle(node) { return node && node.nodeType === 1 && node.localName === 'style'; }
  var WATCHED = { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['style'] };
  var watcher = scope.MutationObserver && new MutationObserver(function (records) {
    records.forEach(function (record) {
      if (record.type === 'attributes') return mapStyleAttribute(record.target);
      if (record.type === 'characterData') return isStyle(record.target.parentNode) && mapStyleElement(record.target.parentNode);
      if (isStyle(record.target)) mapStyleElement(record.target);
      record.addedNodes.forEach(function (node) {
        if (node.nodeType !== 1) return;
        mapStyleAttribute(node);
        if (isStyle(node)) mapStyleElement(node);
        if (!node.firstElementChild) return;
        node.querySelectorAll('[style*="url("]').forEach(mapStyleAttribute);
        node.querySelectorAll('style').forEach(mapStyleElement);
      });
    });
  });
  if (watcher) {
    watcher.observe(document, WATCHED);
    // Shadow roots, open or closed, are watched from the moment they are made.
    var attachShadow = Element.prototype.attachShadow;
    if (attachShadow) {
      Element.prototype.attachShadow = function () {
        var root = attachShadow.apply(this, arguments);
        watcher.observe(root, WATCHED);
        return root;
      };
    }
  }`
