import { describe, expect, it } from 'vitest';
import { findViteDeps, viteDepUrl } from './vite-deps.js';

describe('findViteDeps', () => {
  it("reads the list of a Vite 8 build's main chunk", () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/PackagesView-C452lbec.js","assets/PackagesView-B_BQKYys.css"])))=>i.map(i=>d[i]);\nimport{a}from"./x.js";';
    expect(findViteDeps(code)).toEqual(['assets/PackagesView-C452lbec.js', 'assets/PackagesView-B_BQKYys.css']);
  });

  it('finds nothing in other code, or in a list that is not JSON', () => {
    expect(findViteDeps('const deps = ["assets/a.css"];')).toEqual([]);
    expect(findViteDeps('const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=[a,b])))=>i.map(i=>d[i]);')).toEqual([]);
  });
});

describe('viteDepUrl', () => {
  it("resolves against the base the module's folder is in", () => {
    expect(viteDepUrl('assets/a.css', 'https://x.test/assets/index-1.js')).toBe('https://x.test/assets/a.css');
    expect(viteDepUrl('assets/a.css', 'https://x.test/app/assets/index-1.js?v=2')).toBe('https://x.test/app/assets/a.css');
  });

  it('gives none where the base cannot be told', () => {
    expect(viteDepUrl('assets/a.css', 'https://x.test/static/index-1.js')).toBeUndefined();
    expect(viteDepUrl('a.css', 'https://x.test/assets/index-1.js')).toBeUndefined();
    expect(viteDepUrl('https://cdn.test/assets/a.css', 'https://x.test/assets/index-1.js')).toBeUndefined();
  });
});
