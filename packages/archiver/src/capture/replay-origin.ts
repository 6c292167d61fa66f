// A page opened from file:// has an opaque origin: `window.origin` (and `self.origin`, a bare
// `origin`) is the text "null", and so is the `origin` of every message it receives. Scripts
// build addresses from it (`fetch(origin + '/api/…')`, `new URL(path, self.origin)`, which
// throws on "null"), check where a message came from (`event.origin === location.origin`, where
// `location` already reads as online: replay-location.ts) and address their own window with it
// (`postMessage(data, location.origin)`, which the browser drops when the origins differ). So,
// where the copy's origin is opaque, the global's `origin` (a replaceable attribute) is the page's
// origin online, a message's opaque origin is that origin too, and a window's message to itself
// addressed to that origin goes to the window it is in. The copy's frames and workers are its
// own files, which online were of the page's origin as well.
// Source text inside the layer, in pages and workers alike: it uses scope and onlineBase.

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const ORIGIN_SOURCE = `if (String(scope.origin) === 'null' && onlineBase.origin !== 'null') {
    try {
      Object.defineProperty(scope, 'origin', { configurable: true, enumerable: true, get: function () { return onlineBase.origin; }, set: function () {} });
    } catch (error) {}
    var messageOrigin = scope.MessageEvent && Object.getOwnPropertyDescriptor(scope.MessageEvent.prototype, 'origin');
    if (messageOrigin && messageOrigin.get) {
      Object.defineProperty(scope.MessageEvent.prototype, 'origin', { configurable: true, enumerable: messageOrigin.enumerable, get: function () {
        var value = messageOrigin.get.call(this);
        return value === 'null' ? onlineBase.origin : value;
      } });
    }
    var postMessage = typeof document !== 'undefined' && scope.postMessage;
    if (typeof postMessage === 'function') {
      var toOwnOrigin = function (target) {
        if (typeof target !== 'string' || target === '*' || target === '/') return false;
        try { return new URL(target).origin === onlineBase.origin; } catch (error) { return false; }
      };
      scope.postMessage = function (message, options) {
        var args = Array.prototype.slice.call(arguments);
        if (toOwnOrigin(options)) args[1] = '*';
        else if (options && typeof options === 'object' && toOwnOrigin(options.targetOrigin)) args[1] = Object.assign({}, options, { targetOrigin: '*' });
        return postMessage.apply(scope, args);
      };
    }
  }`;
