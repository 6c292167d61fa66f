// Workers in a live copy. From file:// a worker cannot start from a file (Chromium refuses the
// script to origin null; a module worker's imports too), but a classic worker can start from a
// blob: URL. So a worker whose script was recorded (data.scripts, worker-scripts.ts) starts from
// a blob: URL that carries the replay data and runs this layer (its fetch() and XHR are answered
// from the recording), which then runs the script: a classic one by importScripts(), a module
// by import() (Chromium starts no module worker from a file:// page's blob:, measured), its
// imports pointing at blob: URLs of the recorded modules (a worker has no import map). Those
// blob: URLs are made inside the worker: Chromium does not let a worker of a file:// page load
// the page's own blob: URLs, only start from one. A worker's own workers are started by the page
// (worker-relay.ts), a shared worker as a dedicated one (replay-shared-workers.ts).
// Source text inside the replay layer's function: it uses the layer's data, original(),
// decode(), blobUrl(), OwnBlob, ownObjectUrl, here, worker and scope, and its own name, sitezipReplay.

import { BLOB_TEXTS_SOURCE } from './replay-blob-texts.js';
import { ACCEPT_CONNECTIONS, SHARED_AS_DEDICATED } from './replay-shared-workers.js';
import { MAX_RELAYED, RELAY_WORKER_STARTS, START_RELAYED } from './worker-relay.js';

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const WORKERS_SOURCE = `var scripts = data.scripts || {}, made = {}, dataJson;
  function blobOf(part) { return ownObjectUrl.call(scope.URL, new OwnBlob([part], { type: 'text/javascript' })); }
  function linked(url, busy) {
    return scripts[url].map(function (part, index) { return index % 2 ? JSON.stringify(moduleUrl(part, busy) || part) : part; }).join('');
  }
  // One blob: URL per module (one instance per URL, as online); a module in an import cycle
  // keeps its online address there (and fails, as any unrecorded one).
  function moduleUrl(url, busy) {
    if (made[url] || !scripts[url] || busy[url]) return made[url];
    busy[url] = true;
    made[url] = blobOf(linked(url, busy));
    delete busy[url];
    return made[url];
  }
  var entries = {};
  function workerUrl(url, module, shared) {
    var key = (module ? 'module ' : 'classic ') + (shared ? 'shared ' : '') + url;
    if (entries[key] || !scripts[url]) return entries[key];
    dataJson = dataJson || JSON.stringify(data);
    entries[key] = entry({ page: here, script: url, module: module, shared: shared });
    return entries[key];
  }
  function entry(started) {
    dataJson = dataJson || JSON.stringify(data);
    var setup = 'self.__SITEZIP_REPLAY__=' + dataJson + ';self.__SITEZIP_WORKER__=' + JSON.stringify(started) + ';(' + sitezipReplay + ')(self);\\n';
    return blobOf(setup + (started.module ? '' : 'importScripts(self.__SITEZIP_START__);'));
  }
  // A module worker's text that only imports a script: PDF.js starts its worker so when the
  // worker's address is of another origin than the page (from a folder, every file is).
  var IMPORT_ONLY = /^\\s*(?:await\\s+)?import\\s*\\(\\s*(["'])([^"']+)\\1\\s*\\)\\s*;?\\s*$/;
  // The entry of a worker whose script was recorded, or that the page makes from a blob: or data:
  // URL of classic script text it wrote (see inlineText), or of a module's text that imports a
  // recorded script (that script's worker, as online); another such worker runs as it is.
  function entryFor(url, options, shared) {
    var module = Boolean(options) && typeof options === 'object' && options.type === 'module';
    if (!/^\\s*(blob|data):/i.test(String(url))) return workerUrl(original(url), module, shared);
    var address = String(url).trim(), text = shared ? undefined : inlineText(address);
    var imported = module && text !== undefined && IMPORT_ONLY.exec(text);
    if (imported) return workerUrl(original(imported[2]), true, false);
    if (module || text === undefined) return undefined;
    // Online such a worker is at its blob: URL of the page's origin (or its data: URL), where
    // relative addresses do not resolve; the absolute ones it loads are the page's recorded ones.
    var onlineUrl = /^blob:/i.test(address) ? 'blob:' + new URL(data.base).origin + '/' + address.split('/').pop() : address;
    return entry({ page: here, script: onlineUrl, module: false, shared: false, inline: text });
  }
  ${BLOB_TEXTS_SOURCE}
  var RealWorker = scope.Worker;
  if (worker) {
    (${RELAY_WORKER_STARTS})(scope);
  } else if (typeof RealWorker === 'function') {
    var watch = (${START_RELAYED})(function (url, options) { return new ReplayedWorker(url, options); }, ${MAX_RELAYED});
    var ReplayedWorker = function (url, options) {
      var args = Array.prototype.slice.call(arguments), entry = entryFor(url, options, false);
      if (entry) args[0] = entry;
      if (entry && options && typeof options === 'object') args[1] = Object.assign({}, options, { type: 'classic' });
      return watch(Reflect.construct(RealWorker, args, new.target || RealWorker));
    };
    ReplayedWorker.prototype = RealWorker.prototype;
    scope.Worker = ReplayedWorker;
  }
  (${SHARED_AS_DEDICATED})(scope, watch && function (url, options) { return watch(new RealWorker(url, options)); }, function (url, options) {
    var entry = entryFor(url, options, true);
    return entry && [entry, {}];
  });
  if (worker) startWorker();
  function startWorker() {
    // The worker's own address as online, not its blob: URL: new URL('x', location) and
    // location.origin keep working (a WorkerLocation's fields are a URL's).
    var workerLocation = new URL(worker.script);
    try { Object.defineProperty(scope, 'location', { configurable: true, get: function () { return workerLocation; } }); } catch (error) {}
    if (typeof scope.importScripts === 'function') {
      var realImportScripts = scope.importScripts;
      scope.importScripts = function () {
        var urls = Array.prototype.map.call(arguments, function (url) {
          // A fragment names nothing on the server (Monaco's workerMain.js#editorWorkerService).
          var online = original(url).split('#')[0], hit = data.responses['GET ' + online];
          if (scripts[online]) return blobOf(linked(online, {}));
          return hit ? blobUrl(hit, 'text/javascript') : url;
        });
        return realImportScripts.apply(scope, urls);
      };
    }
    if (worker.shared) (${ACCEPT_CONNECTIONS})(scope);
    if (!worker.module) {
      scope.__SITEZIP_START__ = blobOf(worker.inline !== undefined ? worker.inline : linked(worker.script, {}));
      return;
    }
    // A module is imported, which takes a turn or more: messages that come meanwhile wait for it
    // (online they find its handlers set), then go to them in order.
    var held = [];
    function hold(event) {
      if (!held) return;
      event.stopImmediatePropagation();
      held.push(event);
    }
    function release() {
      var events = held;
      held = null;
      events.forEach(function (event) {
        scope.dispatchEvent(new MessageEvent(event.type, { data: event.data, origin: event.origin, lastEventId: event.lastEventId, source: event.source, ports: Array.prototype.slice.call(event.ports || []) }));
      });
    }
    scope.addEventListener('message', hold, true);
    scope.addEventListener('connect', hold, true);
    scope.__SITEZIP_START__ = import(moduleUrl(worker.script, {})).then(release, function (error) { release(); throw error; });
  }`;
