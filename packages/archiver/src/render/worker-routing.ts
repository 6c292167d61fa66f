// Workers whose requests a render could not see. Playwright routes the requests of the page's own
// dedicated workers, but not those of a shared worker or of a worker started by a worker
// (measured: a shared worker's fetch() and imports, and a nested worker's very script, went to
// the browser's dead proxy and failed, so the render showed what a user never sees). So in a
// render, every worker runs as a dedicated worker of the page: a shared one as
// SHARED_AS_DEDICATED makes it (one worker per script and name, each `new SharedWorker()` a
// connection), and one a worker starts is started by the page on its behalf (worker-relay.ts).
// Each such worker's script is asked for with a mark in its query, which the recorder takes off
// (the server and the recording see the script's own address) and answers with a prologue before
// the script: the worker's location without the mark, connect events for a shared one, and the
// relay for the workers it starts.

import { EVENT_SOURCE_IN_RENDER } from '../capture/replay-event-source.js';
import { ACCEPT_CONNECTIONS, SHARED_AS_DEDICATED } from '../capture/replay-shared-workers.js';
import { MAX_RELAYED, RELAY_WORKER_STARTS, START_RELAYED } from '../capture/worker-relay.js';

const MARK = 'sitezip-worker';
type WorkerKind = 'shared' | 'dedicated';
/** The mark a worker's script address carries, at the end of its query. */
const MARKED = new RegExp(`[?&]${MARK}=(shared|dedicated)(?=#|$)`);

/** A request's address without a worker's mark, and the kind of worker when it had one. */
export function unmarkWorker(url: string): { url: string; kind: WorkerKind | undefined } {
  const match = MARKED.exec(url);
  if (!match) return { url, kind: undefined };
  return { url: url.slice(0, match.index) + url.slice(match.index + match[0].length), kind: match[1] as WorkerKind };
}

/** A marked worker script's answer: the prologue, then the script (after its directives, so a strict one stays strict). */
export function withWorkerPrologue(body: Buffer, kind: WorkerKind): Buffer {
  const prologue = `;(${WORKER_PROLOGUE})(self, ${JSON.stringify(kind)});\n`;
  const head = body.subarray(0, 4096).toString('latin1');
  const strict = /^\uFEFF?(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(['"])use strict\1/.test(head);
  return Buffer.concat([Buffer.from((strict ? "'use strict';" : '') + prologue), body]);
}

/** In a marked worker, before its script. */
const WORKER_PROLOGUE = `function (scope, kind) {
  var here = new URL(String(scope.location.href).replace(${MARKED.toString()}, ''));
  try { Object.defineProperty(scope, 'location', { configurable: true, get: function () { return here; } }); } catch (error) {}
  if (kind === 'shared') (${ACCEPT_CONNECTIONS})(scope);
  (${RELAY_WORKER_STARTS})(scope);
  ${EVENT_SOURCE_IN_RENDER}
}`;

/**
 * An init script of the render's page: its workers start from marked addresses, a shared one as
 * a dedicated worker, and workers that workers start are started here (capture/worker-relay.ts).
 */
export const ROUTE_WORKERS = `(() => {
  const RealWorker = window.Worker;
  if (typeof RealWorker !== 'function') return;
  const marked = ${MARKED.toString()};
  const mark = (url, kind) => {
    let address;
    try { address = new URL(String(url), document.baseURI); } catch { return undefined; }
    if (!/^https?:$/.test(address.protocol)) return undefined;
    const hash = address.href.includes('#') ? address.href.slice(address.href.indexOf('#')) : '';
    const bare = address.href.slice(0, address.href.length - hash.length);
    if (marked.test(bare)) return address.href;
    return bare + (address.search ? '&' : '?') + '${MARK}=' + kind + hash;
  };
  const watch = (${START_RELAYED})((url, options) => new Routed(url, options), ${MAX_RELAYED});
  const Routed = function Worker(url, options) {
    const args = Array.from(arguments);
    const address = mark(url, 'dedicated');
    if (address) args[0] = address;
    return watch(Reflect.construct(RealWorker, args, new.target || Routed));
  };
  Routed.prototype = RealWorker.prototype;
  window.Worker = Routed;
  (${SHARED_AS_DEDICATED})(window, Routed, (url, options) => {
    const address = mark(url, 'shared');
    const given = options && typeof options === 'object' ? options : {};
    return address && [address, { type: given.type === 'module' ? 'module' : 'classic', credentials: given.credentials }];
  });
})();`;
