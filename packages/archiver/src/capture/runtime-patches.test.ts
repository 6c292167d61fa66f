import { describe, expect, it } from 'vitest';
import { patchRuntime } from './runtime-patches.js';

const PAGE_ADDRESS = '(self.__SITEZIP_LOCATION__||window.location)';

describe('patchRuntime', () => {
  it("gives vue-router's HTML5 history the page's address online, minified or not", () => {
    // vue-router 5.5's useHistoryStateNavigation and popstate handler, as Vite 8 (rolldown) minifies them.
    const minified = 'let s=({state:a})=>{let s=Hs(e,location),c=n.value};function Gs(e){let{history:t,location:n}=window,r={value:Hs(e,n)}}';
    expect(patchRuntime(minified)).toBe(
      `let s=({state:a})=>{let s=Hs(e,${PAGE_ADDRESS}),c=n.value};` +
        `function Gs(e){let{history:t,location:n}={history:window.history,location:${PAGE_ADDRESS}},r={value:Hs(e,n)}}`,
    );
    // As published (vue-router 5.5's dist/vue-router.js, 4.6's dist/vue-router.mjs), for bundlers that do not minify.
    const published = 'const to = createCurrentLocation(base, location);\n\tconst { history, location } = window;';
    expect(patchRuntime(published)).toBe(
      `const to = createCurrentLocation(base, ${PAGE_ADDRESS});\n\tconst {history,location}={history:window.history,location:${PAGE_ADDRESS}};`,
    );
    const renamed = 'const to = createCurrentLocation(base, location);\n\tconst { history: history$1, location: location$1 } = window;';
    expect(patchRuntime(renamed)).toBe(
      `const to = createCurrentLocation(base, ${PAGE_ADDRESS});\n\tconst {history: history$1,location: location$1}={history:window.history,location:${PAGE_ADDRESS}};`,
    );
  });

  it('leaves functions that take a `location` parameter alone, in a bundle that does not minify', () => {
    const bundle = [
      'function createCurrentLocation(base, location) {\n\tconst { pathname, search, hash } = location;\n}',
      'function stringifyURL(stringifyQuery, location) { return location.path; }',
      'const o = { createHref(base, location) { return base + location; } };',
      'const f = async(base, location) => location;',
      'const { history, location } = window;',
    ].join('\n');
    const patched = patchRuntime(bundle);
    expect(patched.split('\n').slice(0, -1).join('\n')).toBe(bundle.split('\n').slice(0, -1).join('\n'));
    expect(() => new Function(patched)).not.toThrow();
  });

  it("leaves other code's reads of location alone", () => {
    const other = 'new URL(a,location);const{location:l}=window;const{history:h,location:l2}=window.opener;f(x,location)';
    expect(patchRuntime(other)).toBe(other);
  });
});
