// Framework code that keeps the page's address in an object of its own, where a live copy must
// give it the address online (replay-location.ts): from file:// `location` is the file's, and
// the router matches no route. Each row is one framework's reading, as its bundles write it;
// without the replay layer (a static copy) the patched code reads `window.location` as before.

interface RuntimePatch {
  /** Whose code, for the reader. */
  framework: string;
  find: RegExp;
  replace: string;
}

const PAGE_ADDRESS = '(self.__SITEZIP_LOCATION__||window.location)';

export const RUNTIME_PATCHES: readonly RuntimePatch[] = [
  // @angular/common's BrowserPlatformLocation (Angular 15 to 21; older ones kept it in `this.location`),
  // minified or not: what its router takes the address from.
  { framework: 'Angular', find: /\bthis\._location\s*=\s*window\.location\b(?!\s*\.)/g, replace: `this._location=${PAGE_ADDRESS}` },
];

/** A script's code with every runtime patch applied (the code itself when none applies). */
export function patchRuntime(code: string): string {
  let patched = code;
  for (const patch of RUNTIME_PATCHES) patched = patched.replace(patch.find, patch.replace);
  return patched;
}
