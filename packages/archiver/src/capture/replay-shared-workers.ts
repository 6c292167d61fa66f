// Shared workers in a live copy. From file:// Chromium starts no shared worker at all (from a
// blob:, a data: URL or a file; measured), so one whose script was recorded runs as a dedicated
// worker of the page, started as replay-workers.ts starts any, and each `new SharedWorker()` of
// it is a connection: a MessageChannel whose far port the worker gets as a connect event, as a
// shared worker does. Within one page, which is all a copy has, it behaves as one shared worker.
// Source text inside the replay layer's function, after replay-workers.ts's entryFor() and RealWorker.

/** Part of WORKERS_SOURCE (replay-workers.ts). */
export const SHARED_WORKERS_SOURCE = `var RealShared = scope.SharedWorker, sharedRuns = {};
  if (typeof RealShared === 'function' && typeof RealWorker === 'function') {
    var ReplayedShared = function (url, options) {
      var entry = entryFor(url, options, true);
      if (!entry) return Reflect.construct(RealShared, arguments, new.target || RealShared);
      var name = typeof options === 'string' ? options : (options && options.name) || '';
      var run = sharedRuns[entry + ' ' + name] || (sharedRuns[entry + ' ' + name] = new RealWorker(entry, { name: name }));
      var channel = new MessageChannel();
      run.postMessage({ sitezipConnect: true }, [channel.port2]);
      // An EventTarget that is a SharedWorker to instanceof, with its port and onerror.
      var shared = Object.setPrototypeOf(new EventTarget(), (new.target || ReplayedShared).prototype), onerror = null;
      Object.defineProperty(shared, 'port', { value: channel.port1 });
      Object.defineProperty(shared, 'onerror', { get: function () { return onerror; }, set: function (handler) { onerror = typeof handler === 'function' ? handler : null; } });
      shared.addEventListener('error', function (event) { if (onerror) onerror.call(shared, event); });
      run.addEventListener('error', function (event) {
        shared.dispatchEvent(new ErrorEvent('error', { message: event.message, filename: event.filename, lineno: event.lineno, colno: event.colno }));
      });
      return shared;
    };
    ReplayedShared.prototype = RealShared.prototype;
    scope.SharedWorker = ReplayedShared;
  }
  // In the worker: the page's connections become connect events, and onconnect their handler.
  function acceptConnections() {
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
