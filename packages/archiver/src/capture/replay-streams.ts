// What the render refused and a live copy must refuse the same way, without a request and
// without throwing: a beacon (analytics), a WebSocket, an EventSource. The render sent none of
// them (exchange-recorder.ts), so there is nothing to answer them with; online the page saw a
// beacon queued (`true`) and its streams fail as a connection does. From file:// the browser
// itself does worse: `navigator.sendBeacon('/collect')` and `new WebSocket('/socket')` throw
// (a relative address becomes file:, which neither takes), which stops the script that called
// them, and an absolute address goes to the network, where a reader's copy must never report
// its visits or open a channel. So a beacon is queued and dropped, and a stream is an object of
// its kind's shape that fails as an unreachable server does: a WebSocket closes (error, then
// close with code 1006), an EventSource reports an error and keeps trying (it never gets through).
// A live copy's layer then puts the recorded EventSource in place of the failing one
// (replay-event-source.ts); a static page's guard keeps it, having recorded nothing.
// Source text inside the layer, in pages and workers alike: it uses scope and original().

/**
 * What a stream object of the copy's (here, and replay-event-source.ts) needs of an EventTarget's
 * kind: `fire()` an event to its listeners and then its `on…` handler, as the browser's do (a
 * handler that throws is reported, not thrown into the caller), and `constants()` (CONNECTING…)
 * on the type and its prototype.
 */
export const STREAM_EVENTS_SOURCE = `function fire(target, event) {
    var handler = target['on' + event.type];
    target.dispatchEvent(event);
    if (typeof handler !== 'function') return;
    try { handler.call(target, event); } catch (error) { setTimeout(function () { throw error; }); }
  }
  function constants(type, names) {
    names.forEach(function (name, value) {
      Object.defineProperty(type, name, { value: value, enumerable: true });
      Object.defineProperty(type.prototype, name, { value: value, enumerable: true });
    });
  }`;

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const STREAMS_SOURCE = `if (scope.navigator && typeof scope.navigator.sendBeacon === 'function') {
    try {
      Object.defineProperty(scope.navigator, 'sendBeacon', { configurable: true, writable: true, value: function sendBeacon(url) {
        if (arguments.length < 1) throw new TypeError("Failed to execute 'sendBeacon' on 'Navigator': 1 argument required, but only 0 present.");
        return true;
      } });
    } catch (error) {}
  }
  ${STREAM_EVENTS_SOURCE}
  // The address online, as the constructor of \`kind\` reports one it cannot read.
  function streamAddress(url, kind, invalid) {
    var parsed;
    try { parsed = new URL(original(url)); } catch (error) { throw new DOMException("Failed to construct '" + kind + "': " + invalid, 'SyntaxError'); }
    if (kind === 'WebSocket') parsed.protocol = parsed.protocol === 'https:' ? 'wss:' : parsed.protocol === 'http:' ? 'ws:' : parsed.protocol;
    return parsed.href;
  }
  if (typeof scope.WebSocket === 'function' && typeof EventTarget === 'function') {
    var OfflineWebSocket = class WebSocket extends EventTarget {
      constructor(url, protocols) {
        super();
        this.url = streamAddress(url, 'WebSocket', "The URL '" + url + "' is invalid.");
        this.readyState = 0;
        this.protocol = '';
        this.extensions = '';
        this.bufferedAmount = 0;
        this.binaryType = 'blob';
        this.onopen = this.onmessage = this.onerror = this.onclose = null;
        var socket = this;
        setTimeout(function () {
          if (socket.readyState === 3) return;
          socket.readyState = 3;
          fire(socket, new Event('error'));
          fire(socket, new CloseEvent('close', { code: 1006, reason: '', wasClean: false }));
        }, 0);
      }
      send() {
        if (this.readyState === 0) throw new DOMException("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.", 'InvalidStateError');
      }
      close() {
        if (this.readyState >= 2) return;
        this.readyState = 3;
        var socket = this;
        setTimeout(function () { fire(socket, new CloseEvent('close', { code: 1006, reason: '', wasClean: false })); }, 0);
      }
    };
    constants(OfflineWebSocket, ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']);
    scope.WebSocket = OfflineWebSocket;
  }
  if (typeof scope.EventSource === 'function' && typeof EventTarget === 'function') {
    var OfflineEventSource = class EventSource extends EventTarget {
      constructor(url, init) {
        super();
        this.url = streamAddress(url, 'EventSource', "Cannot open an EventSource to '" + url + "'. The URL is invalid.");
        this.withCredentials = Boolean(init && init.withCredentials);
        this.readyState = 0;
        this.onopen = this.onmessage = this.onerror = null;
        var source = this;
        setTimeout(function () { if (source.readyState !== 2) fire(source, new Event('error')); }, 0);
      }
      close() { this.readyState = 2; }
    };
    constants(OfflineEventSource, ['CONNECTING', 'OPEN', 'CLOSED']);
    scope.EventSource = OfflineEventSource;
  }`;
