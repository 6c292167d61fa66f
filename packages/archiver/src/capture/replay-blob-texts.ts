import { LOADER_ATTRIBUTE } from './process-module.js';

// Script text a page makes a worker from (replay-workers.ts): from file:// a worker cannot read
// the page's blob: URLs (and importScripts() in a worker started from one, as Monaco's are, loads
// from the network what it names by its online address), so the layer keeps the text of a Blob made of strings (or of bytes typed
// as script) as the Blob is made, by its blob: URL once one is made of it, and reads a data:
// URL's. Source text inside the layer's worker part: it uses OwnBlob, ownObjectUrl, decode(),
// worker and scope; it gives inlineText(url).

/** Part of REPLAY_LAYER's worker part (replay-workers.ts). */
export const BLOB_TEXTS_SOURCE = `var blobTexts = {}, texts = typeof WeakMap === 'function' && !worker ? new WeakMap() : undefined;
  var MAX_INLINE = 4 * 1024 * 1024, SCRIPT_TYPE = /^$|javascript|ecmascript/i;
  // Strings, or bytes in a Blob typed as script (untyped bytes may be anything); not another Blob.
  function scriptText(parts, type) {
    type = String(type || '');
    if (!parts || typeof parts.length !== 'number' || !SCRIPT_TYPE.test(type)) return undefined;
    var text = [], length = 0;
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i];
      if (typeof part !== 'string') {
        if (!type || !(part instanceof ArrayBuffer || ArrayBuffer.isView(part))) return undefined;
        part = new TextDecoder().decode(part);
      }
      length += part.length;
      if (length > MAX_INLINE) return undefined;
      text.push(part);
    }
    return text.join('');
  }
  function inlineText(url) {
    if (/^blob:/i.test(url)) return blobTexts[url];
    var match = /^data:([^,]*),([\\s\\S]*)$/i.exec(url);
    if (!match || !SCRIPT_TYPE.test(match[1].split(';')[0])) return undefined;
    try {
      return /;base64$/i.test(match[1]) ? new TextDecoder().decode(decode(decodeURIComponent(match[2]))) : decodeURIComponent(match[2]);
    } catch (error) {
      return undefined;
    }
  }
  if (texts && typeof OwnBlob === 'function' && typeof ownObjectUrl === 'function') {
    var WatchedBlob = function Blob(parts, options) {
      var blob = Reflect.construct(OwnBlob, arguments, new.target || WatchedBlob);
      // Not the modules of the copy's import map (process-module.ts), a text kept for nothing.
      var current = document.currentScript;
      if (current && current.hasAttribute('${LOADER_ATTRIBUTE}')) return blob;
      var text = scriptText(parts, options && options.type);
      if (text !== undefined) texts.set(blob, text);
      return blob;
    };
    WatchedBlob.prototype = OwnBlob.prototype;
    try { Object.defineProperty(OwnBlob.prototype, 'constructor', { configurable: true, writable: true, value: WatchedBlob }); } catch (error) {}
    scope.Blob = WatchedBlob;
    scope.URL.createObjectURL = function createObjectURL(object) {
      var url = ownObjectUrl.apply(this, arguments);
      if (object && texts.has(object)) blobTexts[url] = texts.get(object);
      return url;
    };
    var ownRevoke = scope.URL.revokeObjectURL;
    scope.URL.revokeObjectURL = function revokeObjectURL(url) {
      delete blobTexts[url];
      return ownRevoke.apply(this, arguments);
    };
  }`;
