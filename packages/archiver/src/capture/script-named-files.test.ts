import { describe, expect, it } from 'vitest';
import { scriptAssetNames, scriptFileNames } from './script-named-files.js';

describe('scriptFileNames', () => {
  it('reads the relative script file names a script writes whole, once each, in order', () => {
    const code = `createElem(doc, tag, 'member-search-index.js'); createElem(doc, tag, "type-search-index.js");
      load('search/all_0.js'); load('../shared/menu.js'); load('member-search-index.js');`;
    expect(scriptFileNames(code)).toEqual(['member-search-index.js', 'type-search-index.js', 'search/all_0.js', '../shared/menu.js']);
  });

  it('leaves out parts of addresses, addresses with a scheme, a host or a query, and words', () => {
    const code = `a = "static/js/" + id + ".chunk.js"; b = 'https://cdn.example/lib.js'; c = '//cdn.example/x.js';
      d = 'lib.js?v=2'; e = 'use strict'; f = \`\${base}/x.js\`; g = 'a b.js'`;
    expect(scriptFileNames(code)).toEqual([]);
  });

  it('reads twelve names at most', () => {
    const code = Array.from({ length: 30 }, (_, i) => `'part-${i}.js'`).join(';');
    expect(scriptFileNames(code)).toHaveLength(12);
  });

  it('reads the stylesheets and images a script names whole, apart from its script files', () => {
    const code = `flipImg_open = "flip_open.gif"; flipImg_closed = 'icons/Flip_Closed.PNG'; src = folder + "x.png"; a = 'photo.jpg?v=2'; b = "menu.js";
      css.href = base + "../highlight.css"; s.src = base + "highlight.pack.js"; t = ".min.css"`;
    expect(scriptAssetNames(code)).toEqual({ stylesheets: ['../highlight.css'], images: ['flip_open.gif', 'icons/Flip_Closed.PNG', 'x.png'] });
    expect(scriptFileNames(code)).toEqual(['menu.js', 'highlight.pack.js']);
  });
});
