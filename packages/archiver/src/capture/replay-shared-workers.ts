// Shared workers as dedicated ones. From file:// Chromium starts no shared worker at all (from a
// blob:, a data: URL or a file; measured), and in a render it routes none of a shared worker's
// own requests (its fetch() and imports went past the engine, to the browser's dead proxy). So
// both a live copy and a render run one as a dedicated worker of the page, and each
// `new SharedWorker()` of it is a connection: a MessageChannel whose far port the worker gets as a
// connect event, as a shared worker does. Within one page, which is all a copy or a render has, it
// behaves as one shared worker. Source text: the page side, given where a worker starts from
// (`entryFor(url, options)`: [address, options] or undefined to leave it a real SharedWorker),
// and the worker side, which turns the page's connections into connect events.

/** `function (scope, RealWorker, entryFor)`: replaces scope.SharedWorker. */
export const SHARED_AS_DEDICATED = `function (scope, RealWorker, entryFor) {
  var RealShared = scope.SharedWorker, runs = {};
  if (typeof RealShared !== 'function' || typeof RealWorker !== 'function') return;
  var Shared = function (url, options) {
    var entry = entryFor(url, options);
    if (!entry) return Reflect.construct(RealShared, arguments, new.target || RealShared);
    var name = typeof options === 'string' ? options : (options && options.name) || '';
    var key = entry[0] + ' ' + name;
    var run = runs[key] || (runs[key] = new RealWorker(entry[0], Object.assign({ name: name }, entry[1])));
    var channel = new MessageChannel();
    run.postMessage({ sitezipConnect: true }, [channel.port2]);
    // An EventTarget that is a SharedWorker to instanceof, with its port and onerror.
    var shared = Object.setPrototypeOf(new EventTarget(), (new.target || Shared).prototype), onerror = null;
    Object.defineProperty(shared, 'port', { value: channel.port1 });
    Object.defineProperty(shared, 'onerror', { get: function () { return onerror; }, set: function (handler) { onerror = typeof handler === 'function' ? handler : null; } });
    shared.addEventListener('error', function (event) { if (onerror) onerror.call(shared, event); });
    run.addEventListener('error', function (event) {
      shared.dispatchEvent(new ErrorEvent('error', { message: event.message, filename: event.filename, lineno: event.lineno, colno: event.colno }));
    });
    return shared;
  };
  Shared.prototype = RealShared.prototype;
  scope.SharedWorker = Shared;
}`;

/** `function (scope)`, in the worker: the page's connections become connect events, and onconnect their handler. */
export const ACCEPT_CONNECTIONS = `function (scope) {
  var onconnect = null;
  try {
    Object.defineProperty(scope, 'onconnect', { configurable: true, get: function () { return onconnect; }, set: function (handler) { onconnect = typeof handler === 'function' ? handler : null; } });
  } catch (error) {}
  scope.addEventListener('connect', function (event) { if (onconnect) onconnect.call(scope, event); });
  scope.addEventListener('message', function (event) {
    if (!event.data || event.data.sitezipConnect !== true) return;
    event.stopImmediatePropagation();
    scope.dispatchEvent(new MessageEvent('connect', { data: '', ports: Array.prototype.slice.call(event.ports) }));
  }, true);
}`;
