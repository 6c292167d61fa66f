// Chromium refuses `<use href="/icons.svg#github">` across documents from file:// (each file is
// an origin of its own), so the copy inlines each sprite sheet its pages use (sprites.ts). A
// `<use>` a script makes (React's and Vue's setAttribute, the template markup Solid, Svelte, Lit
// and Vue's static parts clone; Vite's own app template draws its icons this way) names the
// sheet online: its sheet, recorded by the render (data.sprites), is inlined once when first
// named, and the reference points inside it. Markup in a <template> is mapped as it is written,
// since its clones are what gets inserted.
// Source text inside the layer's replayDom(): it uses data, original(), the real setAttribute
// and markupDescriptor (replay-html-strings.ts).

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const SPRITES_SOURCE = `var spriteSheets = data.sprites || {}, inlinedSheets = Object.create(null);
  function isUse(element) { return window.SVGUseElement !== undefined && element instanceof SVGUseElement; }
  // '#id' inside the sheet's inlined copy, for a reference into a recorded sheet; undefined otherwise.
  function spriteTarget(value) {
    var text = String(value), hash = text.indexOf('#');
    if (hash <= 0) return undefined;
    var url = original(text.slice(0, hash));
    var sheet = spriteSheets[url];
    if (sheet === undefined) return undefined;
    if (!inlinedSheets[url]) {
      inlinedSheets[url] = true;
      var holder = document.createElement('div');
      setAttribute.call(holder, 'aria-hidden', 'true');
      // Not display:none: gradients inside an undisplayed SVG do not paint.
      setAttribute.call(holder, 'style', 'position:absolute;width:0;height:0;overflow:hidden');
      markupDescriptor.set.call(holder, sheet.slice(Math.max(0, sheet.search(/<svg[\\s>]/i))));
      (document.body || document.documentElement).appendChild(holder);
    }
    return text.slice(hash);
  }
  var XLINK = 'http://www.w3.org/1999/xlink', setAttributeNS = Element.prototype.setAttributeNS;
  Element.prototype.setAttributeNS = function (namespace, name, value) {
    var target = isUse(this) && /(^|:)href$/i.test(String(name)) ? spriteTarget(value) : undefined;
    if (target === undefined) return setAttributeNS.apply(this, arguments);
    return setAttributeNS.call(this, namespace, name, target);
  };
  function mapUses(root) {
    var changed = false;
    root.querySelectorAll('use').forEach(function (use) {
      [['href', null], ['xlink:href', XLINK]].forEach(function (pair) {
        var value = getAttribute.call(use, pair[0]), target = value === null ? undefined : spriteTarget(value);
        if (target === undefined) return;
        changed = true;
        if (pair[1]) setAttributeNS.call(use, pair[1], pair[0], target);
        else setAttribute.call(use, pair[0], target);
      });
    });
    return changed;
  }`;
