// Framework code that keeps the page's address in an object of its own, where a live copy must
// give it the address online (replay-location.ts): from file:// `location` is the file's, and
// the router matches no route. Each row is one framework's reading, as its bundles write it;
// without the replay layer (a static copy) the patched code reads `window.location` as before.

interface RuntimePatch {
  /** Whose code, for the reader. */
  framework: string;
  find: RegExp;
  replace: string;
  /** Applied only to code that also matches this: a reading too common to patch in every script. */
  within?: RegExp;
}

const PAGE_ADDRESS = '(self.__SITEZIP_LOCATION__||window.location)';

// vue-router's HTML5 history (createWebHistory, vue-router 4 and 5), as its bundles write it,
// minified or not: `const { history, location } = window`, the address it starts from and builds
// its entries on.
const VUE_ROUTER_HISTORY = /\{\s*history(\s*:\s*[\w$]+)?\s*,\s*location(\s*:\s*[\w$]+)?\s*\}\s*=\s*window\b(?!\s*[.[])/;

// React Router's browser history (react-router 6 to 8, @remix-run/router, history 5), minified
// or not: the address it starts from and reads again at each popstate, `{ pathname, search, hash }
// = window.location` (react-router 8: `= masked || window.location`). Only a read of the page's
// own window is given the layer's address.
const REACT_ROUTER_LOCATION =
  /(\{\s*pathname(?:\s*:\s*[\w$]+)?\s*,\s*search(?:\s*:\s*[\w$]+)?\s*,\s*hash(?:\s*:\s*[\w$]+)?\s*\}\s*=\s*(?:[\w$]+\s*\|\|\s*)?)([\w$]+)\.location\b(?!\s*(?:[.[(]|=(?!=)))/g;

export const RUNTIME_PATCHES: readonly RuntimePatch[] = [
  // @angular/common's BrowserPlatformLocation (Angular 15 to 21; older ones kept it in `this.location`),
  // minified or not: what its router takes the address from.
  { framework: 'Angular', find: /\bthis\._location\s*=\s*window\.location\b(?!\s*\.)/g, replace: `this._location=${PAGE_ADDRESS}` },
  { framework: 'Vue Router', find: new RegExp(VUE_ROUTER_HISTORY.source, 'g'), replace: `{history$1,location$2}={history:window.history,location:${PAGE_ADDRESS}}` },
  // Its popstate handler reads the global: `createCurrentLocation(base, location)` (a call: not
  // `function createCurrentLocation(base, location) {`, a method or an arrow function's parameters).
  {
    framework: 'Vue Router',
    find: /(?<!\bfunction\s*)(\b[\w$]+\(\s*[\w$]+\s*,\s*)location\s*\)(?!\s*(?:\{|=>))/g,
    replace: `$1${PAGE_ADDRESS})`,
    within: VUE_ROUTER_HISTORY,
  },
  { framework: 'React Router', find: REACT_ROUTER_LOCATION, replace: `$1($2===window?${PAGE_ADDRESS}:$2.location)` },
];

/** A script's code with every runtime patch applied (the code itself when none applies). */
export function patchRuntime(code: string): string {
  let patched = code;
  for (const patch of RUNTIME_PATCHES) {
    if (!patch.within || patch.within.test(code)) patched = patched.replace(patch.find, patch.replace);
  }
  return patched;
}
