// A copy's data in a file of its own is read by a classic script tag, which loads from file://
// where a fetch() of the copy's files is refused: the script sets a global, `read` takes it.
// Source text for the copy's in-page scripts (replay-site-responses.ts, static-site-answers.ts,
// replay-pagefind.ts).

/** Defines `siteScript(src, read)`: a promise of `read()` once the script at `src` ran, of undefined when it failed to load. */
export const SCRIPT_LOAD_SOURCE = `function siteScript(src, read) {
    return new Promise(function (resolve) {
      var script = document.createElement('script');
      script.onload = function () { script.remove(); resolve(read()); };
      script.onerror = function () { script.remove(); resolve(undefined); };
      script.src = src;
      (document.head || document.documentElement).appendChild(script);
    });
  }`;
