import { describe, expect, it } from 'vitest';
import { parseImportMap, resolveSpecifier } from './import-map.js';

describe('import maps', () => {
  const base = 'https://example.com/app/index.html';
  const map = parseImportMap(
    JSON.stringify({ imports: { react: '/vendor/react.js', 'lib/': './lib/', './x.js': './y.js', bad: 5 } }),
    base,
  );

  it('resolves keys and values against the document', () => {
    expect(map.get('react')).toBe('https://example.com/vendor/react.js');
    expect(map.get('https://example.com/app/x.js')).toBe('https://example.com/app/y.js');
    expect(map.has('bad')).toBe(false);
    expect(parseImportMap('{oops', base).size).toBe(0);
  });

  it('applies exact and prefix entries, then plain URL resolution', () => {
    const parent = 'https://example.com/app/main.js';
    expect(resolveSpecifier('react', parent, map)).toBe('https://example.com/vendor/react.js');
    expect(resolveSpecifier('lib/util/a.js', parent, map)).toBe('https://example.com/app/lib/util/a.js');
    expect(resolveSpecifier('./x.js', parent, map)).toBe('https://example.com/app/y.js');
    expect(resolveSpecifier('../z.js', parent, map)).toBe('https://example.com/z.js');
    expect(resolveSpecifier('unknown-package', parent, map)).toBeUndefined();
  });
});
