// An EventSource made of fetch(), the same in the render and in the live copy. A browser's own
// EventSource cannot be recorded: its stream never ends, and an answer handed to the browser
// through routing must end, after which the browser reports an error (a news ticker then shows
// "Reconnecting…") and asks again. So in a render the page's EventSource asks with fetch(), the
// engine's fetcher reads the stream for a window (read-body.ts) and records what came, and the
// page gets those events and a source that stays open, as a reader online saw it between two
// events; the copy's replay layer answers the same fetch() from the recording, so the copy shows
// the same events offline. An answer that is no event stream fails the source (closed, an
// error), and a request that failed reports an error and stays connecting, as the browser does.
// A function's source text: `request(url, init)` is the fetch() to ask with, `online(url)` the
// absolute address online of what the page asked for.

import { STREAM_EVENTS_SOURCE } from './replay-streams.js';

/** Installs the EventSource over `request` in `scope` (a window or a worker). */
export const EVENT_SOURCE_OVER_FETCH = `function (scope, request, online) {
  if (typeof scope.EventSource !== 'function' || typeof EventTarget !== 'function' || typeof MessageEvent !== 'function') return;
  ${STREAM_EVENTS_SOURCE}
  // The stream's events (the text/event-stream format); what follows the last line break is an
  // event cut short, which a browser drops when a stream ends there.
  function parse(text, emit) {
    var type = '', data = '', hasData = false, lastId = '';
    var lines = text.replace(/^\\uFEFF/, '').split(/\\r\\n|\\r|\\n/);
    lines.pop();
    lines.forEach(function (line) {
      if (line === '') {
        if (hasData) emit(type || 'message', data.slice(0, -1), lastId);
        type = '';
        data = '';
        hasData = false;
        return;
      }
      if (line.charAt(0) === ':') return;
      var colon = line.indexOf(':');
      var field = colon < 0 ? line : line.slice(0, colon);
      var value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') { data += value + '\\n'; hasData = true; }
      else if (field === 'id' && value.indexOf('\\u0000') < 0) lastId = value;
    });
  }
  var controllers = new WeakMap();
  var OverFetch = class EventSource extends EventTarget {
    constructor(url, init) {
      super();
      if (arguments.length < 1) throw new TypeError("Failed to construct 'EventSource': 1 argument required, but only 0 present.");
      var address;
      try { address = online(url); } catch (error) { address = undefined; }
      if (!address) throw new DOMException("Failed to construct 'EventSource': Cannot open an EventSource to '" + url + "'. The URL is invalid.", 'SyntaxError');
      this.url = address;
      this.withCredentials = Boolean(init && init.withCredentials);
      this.readyState = 0;
      this.onopen = this.onmessage = this.onerror = null;
      var source = this, origin = new URL(address).origin;
      var controller = typeof AbortController === 'function' ? new AbortController() : undefined;
      controllers.set(this, controller);
      Promise.resolve().then(function () {
        return request(address, {
          headers: { Accept: 'text/event-stream' },
          credentials: source.withCredentials ? 'include' : 'same-origin',
          cache: 'no-store',
          signal: controller && controller.signal
        });
      }).then(function (response) {
        if (source.readyState === 2) return;
        var type = (response.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
        if (response.status !== 200 || type !== 'text/event-stream') {
          source.readyState = 2;
          fire(source, new Event('error'));
          return;
        }
        source.readyState = 1;
        fire(source, new Event('open'));
        return response.text().then(function (text) {
          parse(text, function (type, data, lastId) {
            if (source.readyState === 1) fire(source, new MessageEvent(type, { data: data, origin: origin, lastEventId: lastId }));
          });
        });
      }).catch(function () {
        if (source.readyState !== 2) fire(source, new Event('error'));
      });
    }
    close() {
      this.readyState = 2;
      var controller = controllers.get(this);
      if (controller) controller.abort();
    }
  };
  constants(OverFetch, ['CONNECTING', 'OPEN', 'CLOSED']);
  scope.EventSource = OverFetch;
}`;

/**
 * An init script of the render's page (and a prologue of its workers): its EventSources ask
 * with the fetch() it had before its own scripts ran.
 */
export const EVENT_SOURCE_IN_RENDER = `(${EVENT_SOURCE_OVER_FETCH})(self, self.fetch.bind(self), function (url) {
  return new URL(String(url), typeof document === 'undefined' ? self.location.href : document.baseURI).href;
});`;
