// Workers started by workers, started by the page instead. In a render, Chromium routes no
// request of a worker's own worker (render/worker-routing.ts); in a live copy, a worker tree of
// any size would start inside workers where no one counts it, and a page whose workers start
// themselves would take the self-check's browser (or the user's) down. So a worker's
// `new Worker()` asks the page, over a MessageChannel, to start the worker, and the page starts
// it as it starts its own, at most MAX_RELAYED for the page, then relays its messages. Each
// message on the channel is wrapped: { m } a message, { e } an error, { t } terminate. Source
// text, for the render's init script and the replay layer.

/** Workers started by workers that one page starts on their behalf. */
export const MAX_RELAYED = 32;

/**
 * `function (scope)`, in a worker: replaces scope.Worker with one that asks the page to start
 * the worker (addresses resolve against `scope.location` when called) and talks to it through
 * the page. A worker from a blob: or data: URL starts here, as it is.
 */
export const RELAY_WORKER_STARTS = `function (scope) {
  var RealWorker = scope.Worker;
  if (typeof RealWorker !== 'function') return;
  var Started = function (url, options) {
    var absolute;
    try { absolute = new URL(String(url), scope.location.href); } catch (error) { return Reflect.construct(RealWorker, arguments, new.target || RealWorker); }
    if (!/^https?:$/.test(absolute.protocol)) return Reflect.construct(RealWorker, arguments, new.target || RealWorker);
    var channel = new MessageChannel(), port = channel.port1;
    var given = options && typeof options === 'object' ? { type: options.type, name: options.name, credentials: options.credentials } : options;
    scope.postMessage({ sitezipSpawn: { url: absolute.href, options: given === undefined ? null : given } }, [channel.port2]);
    var started = Object.setPrototypeOf(new EventTarget(), (new.target || Started).prototype), handlers = {};
    ['message', 'error', 'messageerror'].forEach(function (type) {
      Object.defineProperty(started, 'on' + type, {
        get: function () { return handlers[type] || null; },
        set: function (handler) { handlers[type] = typeof handler === 'function' ? handler : null; },
      });
      started.addEventListener(type, function (event) { if (handlers[type]) handlers[type].call(started, event); });
    });
    port.onmessage = function (event) {
      var data = event.data || {};
      if ('e' in data) started.dispatchEvent(new ErrorEvent('error', data.e));
      else started.dispatchEvent(new MessageEvent('message', { data: data.m, ports: Array.prototype.slice.call(event.ports) }));
    };
    Object.defineProperty(started, 'postMessage', { value: function (message, transfer) {
      port.postMessage({ m: message }, Array.isArray(transfer) ? transfer : (transfer && transfer.transfer) || []);
    } });
    Object.defineProperty(started, 'terminate', { value: function () { port.postMessage({ t: true }); port.close(); } });
    return started;
  };
  Started.prototype = RealWorker.prototype;
  scope.Worker = Started;
}`;

/**
 * `function (start, max)`, in the page: returns `watch(worker)`, which starts (by `start(url,
 * options)`, at most `max` for the page) the workers that `worker` asks for, and relays them.
 */
export const START_RELAYED = `function (start, max) {
  var relayed = 0;
  function relay(spawn, port) {
    var started;
    try {
      if (++relayed > max) throw new Error('more than ' + max + ' workers started by workers');
      started = start(spawn.url, spawn.options === null ? undefined : spawn.options);
    } catch (error) {
      port.postMessage({ e: { message: String(error && error.message) } });
      return;
    }
    port.onmessage = function (event) {
      if (event.data && event.data.t) { started.terminate(); port.close(); return; }
      started.postMessage(event.data && event.data.m, Array.prototype.slice.call(event.ports));
    };
    started.addEventListener('message', function (event) { port.postMessage({ m: event.data }, Array.prototype.slice.call(event.ports)); });
    started.addEventListener('error', function (event) {
      port.postMessage({ e: { message: event.message, filename: event.filename, lineno: event.lineno, colno: event.colno } });
    });
  }
  return function watch(worker) {
    worker.addEventListener('message', function (event) {
      var spawn = event.data && event.data.sitezipSpawn;
      if (!spawn || !event.ports[0]) return;
      event.stopImmediatePropagation();
      relay(spawn, event.ports[0]);
    });
    return worker;
  };
}`;
