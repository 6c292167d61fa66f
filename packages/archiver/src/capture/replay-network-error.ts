// How a copy's script layer (replay-shim.ts) and a static copy's guard (offline-guard.ts) fail what
// they do not send, as the browser fails what it cannot reach, with no request.

/**
 * An address no browser parses: an element given it gets its error event from the browser, as
 * HTML has it for an address that does not parse, and nothing is asked.
 */
export const NOT_LOADED_ADDRESS = 'http://[sitezip-not-in-this-copy]/';

/**
 * Source text of `failXhr(xhr, stillFailing)`: an asynchronous XHR ends as a network error does
 * (readyState 4, status 0; readystatechange, error and loadend) on the next task, unless
 * `stillFailing()` then says it was opened again meanwhile.
 */
export const FAIL_XHR_SOURCE = `function failXhr(xhr, stillFailing) {
    setTimeout(function () {
      if (stillFailing && !stillFailing()) return;
      Object.defineProperty(xhr, 'readyState', { configurable: true, value: 4 });
      Object.defineProperty(xhr, 'status', { configurable: true, value: 0 });
      ['readystatechange', 'error', 'loadend'].forEach(function (type) {
        try { xhr.dispatchEvent(type === 'readystatechange' ? new Event(type) : new ProgressEvent(type)); } catch (error) {}
      });
    });
  }`;
