import { beforeAll, describe, expect, it } from 'vitest';
import { moduleImports, moduleLexerReady, rewriteModule, splitModuleImports } from './js-modules.js';

beforeAll(() => moduleLexerReady);

const code = `import a from "./a.js";
export * from './b.js';
const c = import("./c.js");
const d = import(name);
const here = new URL('./img.png', import.meta.url);
const env = import.meta.env;
import j from "./d.json" with { type: "json" };`;

describe('moduleImports', () => {
  it('lists static, re-exported and literal dynamic imports, each once, saying which only import() names', () => {
    expect(moduleImports(code)).toEqual([
      { specifier: './a.js', dynamic: false },
      { specifier: './b.js', dynamic: false },
      { specifier: './c.js', dynamic: true },
      { specifier: './d.json', dynamic: false },
    ]);
  });

  it('counts a specifier imported statically anywhere as static', () => {
    expect(moduleImports(`const lazy = () => import('./x.js');\nimport { y } from './x.js';`)).toEqual([{ specifier: './x.js', dynamic: false }]);
  });

  it('returns nothing for text that is not a module', () => {
    expect(moduleImports('{"not": "a module"')).toEqual([]);
    expect(moduleImports('<html>')).toEqual([]);
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

  it('makes import.meta.resolve resolve against the given URL what it cannot resolve itself', () => {
    // Vite 8's preload helper, as it resolves a lazy chunk's stylesheet (from a data: module it throws).
    const helper = 'function s(e){return import.meta.resolve?new URL(import.meta.resolve(e)):new URL(e,import.meta.url)}';
    expect(rewriteModule(helper, { map: () => undefined, importMetaUrl: 'M' })).toBe(
      'function s(e){return ((s)=>{try{return import.meta.resolve(s)}catch(e){return new URL(s,M).href}})' +
        '?new URL(((s)=>{try{return import.meta.resolve(s)}catch(e){return new URL(s,M).href}})(e)):new URL(e,(M))}',
    );
    expect(rewriteModule(helper, { map: () => undefined })).toBe(helper);
    expect(rewriteModule('import.meta.resolved; import.meta.resolve_', { map: () => undefined, importMetaUrl: 'M' })).toBe(
      'import.meta.resolved; import.meta.resolve_',
    );
  });

  it('escapes specifiers for the quotes around them', () => {
    expect(rewriteModule(`import "./x.js"`, { map: () => 'a"b' })).toBe(`import "a\\"b"`);
    expect(rewriteModule(`import './x.js'`, { map: () => "it's" })).toBe(`import 'it\\'s'`);
    expect(moduleImports(rewriteModule(`export * from './x.js'`, { map: () => `a'"b` })).map((i) => i.specifier)).toEqual([`a'"b`]);
  });

  it('keeps the quotes of import.source() and import.defer(), which are located like import()', () => {
    const phases = `const w = import.source('./w.wasm'); const d = import.defer('./d.js');`;
    expect(rewriteModule(phases, { map: (s) => `K${s}` })).toBe(`const w = import.source("K./w.wasm"); const d = import.defer("K./d.js");`);
  });
});

describe('splitModuleImports', () => {
  const resolve = (s: string) => (s === './b.js' || !s.startsWith('.') ? undefined : new URL(s, 'https://x.test/w/m.js').href);

  it('cuts out each resolved specifier with its quotes, static and dynamic alike', () => {
    const parts = splitModuleImports(code, { resolve, importMetaUrl: '"https://x.test/w/m.js"' });
    expect(parts).toEqual([
      'import a from ',
      'https://x.test/w/a.js',
      `;
export * from './b.js';
const c = import(`,
      'https://x.test/w/c.js',
      `);
const d = import(name);
const here = new URL('./img.png', ("https://x.test/w/m.js"));
const env = import.meta.env;
import j from `,
      'https://x.test/w/d.json',
      ' with { type: "json" };',
    ]);
  });

  it('gives back the code whole when nothing is resolved, or it is no module', () => {
    expect(splitModuleImports(code, { resolve: () => undefined })).toEqual([code]);
    expect(splitModuleImports('importScripts("a.js"); <!-- x', { resolve })).toEqual(['importScripts("a.js"); <!-- x']);
  });

  it('joins back into a module that imports what it is handed, every other byte kept', () => {
    const parts = splitModuleImports(`import{w}from'./w.js';export*from"./v.js";await import('./w.js')`, { resolve });
    const joined = parts.map((part, index) => (index % 2 ? JSON.stringify(`blob:${part}`) : part)).join('');
    expect(joined).toBe(`import{w}from"blob:https://x.test/w/w.js";export*from"blob:https://x.test/w/v.js";await import("blob:https://x.test/w/w.js")`);
    expect(moduleImports(joined).map((i) => i.specifier)).toEqual(['blob:https://x.test/w/w.js', 'blob:https://x.test/w/v.js']);
  });
});
