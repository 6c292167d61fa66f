import { describe, expect, it } from 'vitest';
import { PAGEFIND_SOURCE } from './replay-pagefind.js';

describe("the copy's Pagefind side", () => {
  it('is a script the browser parses (its source is a template: one escape lost breaks every search)', () => {
    expect(() => new Function(PAGEFIND_SOURCE)).not.toThrow();
  });

  it("answers Pagefind's files in its folder and lets every other address there go", () => {
    const bundleFile = new Function(`${/var BUNDLE_FILE = [^\n]*/.exec(PAGEFIND_SOURCE)![0]} return BUNDLE_FILE;`)() as RegExp;
    for (const name of ['pagefind-entry.json', 'pagefind.en_5dae4b79d1.pf_meta', 'wasm.en.pagefind', 'wasm.unknown.pagefind', 'pagefind.js', 'index/en_1a2b.pf_index', 'fragment/en_3c4d.pf_fragment', 'filter/en_5e.pf_filter']) {
      expect(bundleFile.test(name), name).toBe(true);
    }
    for (const name of ['', 'intro/', 'intro/index.html', 'data.json', 'index/../secret.pf_index', 'fragment/x.json']) expect(bundleFile.test(name), name).toBe(false);
  });
});
