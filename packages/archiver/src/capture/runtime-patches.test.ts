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

  it("gives React Router's browser history the page's address online, minified or not", () => {
    // react-router 8.5's createBrowserLocation, as Vite 8 (rolldown) minifies it.
    const minified = 'function t(e,t){let n=t.state?.masked,{pathname:r,search:i,hash:a}=n||e.location;return D(``,{pathname:r,search:i,hash:a})}';
    expect(patchRuntime(minified)).toBe(
      `function t(e,t){let n=t.state?.masked,{pathname:r,search:i,hash:a}=n||(e===window?${PAGE_ADDRESS}:e.location);return D(\`\`,{pathname:r,search:i,hash:a})}`,
    );
    // As react-router 6 and history 5 publish it.
    const published = 'function createBrowserLocation(window2, globalHistory) {\n  let { pathname, search, hash } = window2.location;\n}\nlet { pathname, search, hash } = window.location;';
    expect(patchRuntime(published)).toBe(
      `function createBrowserLocation(window2, globalHistory) {\n  let { pathname, search, hash } = (window2===window?${PAGE_ADDRESS}:window2.location);\n}\n` +
        `let { pathname, search, hash } = (window===window?${PAGE_ADDRESS}:window.location);`,
    );
    // Not an assignment to the address, nor a read of one of its members.
    const other = 'let{pathname:a,search:b,hash:c}=e.location.state;x={pathname:a,search:b,hash:c}=e.location=y;';
    expect(patchRuntime(other)).toBe(other);
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
