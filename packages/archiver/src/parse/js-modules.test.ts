import { beforeAll, describe, expect, it } from 'vitest';
import { findModuleImports, moduleLexerReady, rewriteModule } from './js-modules.js';

beforeAll(() => moduleLexerReady);

const code = `import a from "./a.js";
export * from './b.js';
const c = import("./c.js");
const d = import(name);
const here = new URL('./img.png', import.meta.url);
const env = import.meta.env;
import j from "./d.json" with { type: "json" };`;

describe('findModuleImports', () => {
  it('lists static, re-exported and literal dynamic imports', () => {
    expect(findModuleImports(code)).toEqual(['./a.js', './b.js', './c.js', './d.json']);
  });

  it('returns nothing for text that is not a module', () => {
    expect(findModuleImports('{"not": "a module"')).toEqual([]);
    expect(findModuleImports('<html>')).toEqual([]);
  });
});

describe('rewriteModule', () => {
  it('replaces specifiers and import.meta.url only', () => {
    const out = rewriteModule(code, {
      map: (s) => (s === './b.js' ? undefined : `@sitezip/${s.slice(2)}`),
      importMetaUrl: 'document.baseURI',
    });
    expect(out).toBe(`import a from "@sitezip/a.js";
export * from './b.js';
const c = import("@sitezip/c.js");
const d = import(name);
const here = new URL('./img.png', (document.baseURI));
const env = import.meta.env;
import j from "@sitezip/d.json" with { type: "json" };`);
  });

  it('escapes specifiers for the quotes around them', () => {
    expect(rewriteModule(`import "./x.js"`, { map: () => 'a"b' })).toBe(`import "a\\"b"`);
    expect(rewriteModule(`import './x.js'`, { map: () => "it's" })).toBe(`import 'it\\'s'`);
    expect(findModuleImports(rewriteModule(`export * from './x.js'`, { map: () => `a'"b` }))).toEqual([`a'"b`]);
  });

  it('keeps the quotes of import.source() and import.defer(), which are located like import()', () => {
    const phases = `const w = import.source('./w.wasm'); const d = import.defer('./d.js');`;
    expect(rewriteModule(phases, { map: (s) => `K${s}` })).toBe(`const w = import.source("K./w.wasm"); const d = import.defer("K./d.js");`);
  });
});
