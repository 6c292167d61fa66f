// A frame with no address of its own that a script writes into (an editor's, a widget's,
// react-frame-component's: `iframe.contentDocument.write(…)`) is a window of its own: none of
// this layer is in it, and the markup written there resolves `/img/a.png` against the page's
// file, at the root of the disk. When a script first reaches such a frame's window or document,
// the layer runs there too, on the same data and with the page's file as its own. A frame given
// its markup as `srcdoc` has that markup's loaded addresses mapped as document.write's are.
// Source text inside the layer's replayDom(): it uses data, here, mappedWritten() and the real
// setAttribute; `sitezipReplay` is the layer's own function.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const FRAMES_SOURCE = `var laidFrames = new WeakSet();
  function layInto(win) {
    if (!win || win === window || laidFrames.has(win)) return;
    laidFrames.add(win);
    try {
      if (win.__SITEZIP_REPLAYING__ || win.location.protocol !== 'about:') return;
      win.__SITEZIP_REPLAY__ = data;
      win.__SITEZIP_FRAME_PAGE__ = here;
      win.eval('(' + sitezipReplay + ')(self)');
    } catch (error) {}
  }
  if (window.HTMLIFrameElement) {
    var frameWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
    var frameDocument = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentDocument');
    if (frameWindow && frameWindow.get) {
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', { configurable: true, enumerable: frameWindow.enumerable, get: function () {
        var win = frameWindow.get.call(this);
        layInto(win);
        return win;
      } });
    }
    if (frameDocument && frameDocument.get) {
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentDocument', { configurable: true, enumerable: frameDocument.enumerable, get: function () {
        var doc = frameDocument.get.call(this);
        if (doc) layInto(doc.defaultView);
        return doc;
      } });
    }
    var srcdoc = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'srcdoc');
    if (srcdoc && srcdoc.set) {
      Object.defineProperty(HTMLIFrameElement.prototype, 'srcdoc', {
        configurable: true, enumerable: srcdoc.enumerable, get: srcdoc.get,
        set: function (html) { srcdoc.set.call(this, mappedWritten(html)); }
      });
    }
  }`;
