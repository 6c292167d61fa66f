import { describe, it, expect } from 'vitest';
import { cssCharset, findCssRefs, rewriteCss, type CssRef } from './css.js';

const urls = (css: string) => findCssRefs(css).map((r) => r.url);

describe('findCssRefs', () => {
  it('finds url() in unquoted, single- and double-quoted forms, with whitespace and comments around', () => {
    expect(
      findCssRefs(`a{background:url(a.png)} b{background:url('b.png')} c{background:url( "c.png" )}
        d{background:/* x */url(  d.png  )/* y */} e{background:URL(e.png)}`),
    ).toEqual(['a.png', 'b.png', 'c.png', 'd.png', 'e.png'].map((url) => ({ url, kind: 'url' })));
  });

  it('decodes CSS escapes and trims', () => {
    expect(urls('a{b:url(a\\)b.png)}')).toEqual(['a)b.png']);
    expect(urls('a{b:url("x\\"y.png")}')).toEqual(['x"y.png']);
    expect(urls("a{b:url('\\31 23.png')}")).toEqual(['123.png']);
    expect(urls('a{b:url(\\31 23.png)}')).toEqual(['123.png']);
    expect(urls('a{b:url(a\\ b.png)}')).toEqual(['a b.png']);
    expect(urls('a{b:url(" spaced.png ")}')).toEqual(['spaced.png']);
    expect(urls('a{b:url("long\\\nline.png")}')).toEqual(['longline.png']);
  });

  it('finds @import in string and url forms followed by media, layer and supports', () => {
    const css = `@import "a.css";
@import 'b.css' screen and (min-width: 40em);
@import url(c.css) layer(base) supports(display: grid) print;
@IMPORT url("d.css");
@import"e.css";
@import /* why */ 'f.css' layer;`;
    expect(findCssRefs(css)).toEqual(['a.css', 'b.css', 'c.css', 'd.css', 'e.css', 'f.css'].map((url) => ({ url, kind: 'import' })));
  });

  it('takes strings and url()s directly inside image-set as references, not nested type() strings', () => {
    expect(
      findCssRefs(
        'a{background-image:image-set("a.png" 1x, url(b.png) 2x, "c.avif" type("image/avif"));' +
          'b:-webkit-image-set(\'d.png\' 1x)}',
      ),
    ).toEqual(['a.png', 'b.png', 'c.avif', 'd.png'].map((url) => ({ url, kind: 'url' })));
  });

  it('finds every src of an @font-face, keeping ?#iefix', () => {
    const css = `@font-face{font-family:X;src:url(a.eot);src:url(a.eot?#iefix) format('embedded-opentype'),
      url("a.woff2") format("woff2"), local("X Regular")}`;
    expect(urls(css)).toEqual(['a.eot', 'a.eot?#iefix', 'a.woff2']);
  });

  it('ignores comments, plain strings, look-alike functions and namespaces', () => {
    expect(urls('/* url(x.png) */ a{content:"url(y.png)";b:myurl(z.png)} #url(h.png) {}')).toEqual([]);
    expect(urls('@namespace svg url(http://www.w3.org/2000/svg); a{b:url(real.png)}')).toEqual(['real.png']);
  });

  it('skips data:, fragment-only, about: and javascript: references and empty ones', () => {
    expect(
      urls('a{b:url(data:image/png;base64,AA==);c:url(#clip);d:url(about:blank);e:url(JavaScript:x);f:url();g:url("")}'),
    ).toEqual([]);
  });

  it('reads function names through escapes, as the CSS tokenizer does', () => {
    expect(findCssRefs('a{b:u\\72l(esc.png)} @\\69mport "i.css";')).toEqual([
      { url: 'esc.png', kind: 'url' },
      { url: 'i.css', kind: 'import' },
    ]);
  });

  it('treats comment markers inside an unquoted url as part of it, as browsers do', () => {
    expect(urls('a{b:url(/*x*/a.png)}')).toEqual(['/*x*/a.png']);
  });

  it('marks the URLs of masks and of custom properties, which a copy writes as data: URLs', () => {
    const css = `a:hover { background: url(bg.png); -webkit-mask: url("m1.svg") no-repeat; }
.i { --icon: url(/icons/link.svg); mask-image: image-set("m2.svg" 1x); color: red }
.j { shape-outside: url(s.png); border-image: url(b.png) 30; } --x: url(x.svg)`;
    const marked = findCssRefs(css).map((ref) => `${ref.url}${ref.inline ? ' inline' : ''}`);
    expect(marked).toEqual(['bg.png', 'm1.svg inline', '/icons/link.svg inline', 'm2.svg inline', 's.png inline', 'b.png', 'x.svg inline']);
    // A style attribute's declarations, the custom property first.
    expect(findCssRefs('--vocs-icon:url(/.vocs/icons/link.svg); background-image: url(a.png)').map((ref) => ref.inline === true)).toEqual([true, false]);
    expect(findCssRefs('@import url(theme.css); @font-face { src: url(f.woff2) }').some((ref) => ref.inline)).toBe(false);
  });

  it('does not throw on malformed CSS and recovers where it can', () => {
    expect(urls('a{b:url("unterminated')).toEqual(['unterminated']);
    expect(urls('a{b:url(ok.png')).toEqual(['ok.png']);
    expect(urls('a{b:url(bad url.png)} c{d:url(after.png)}')).toEqual(['after.png']);
    // A newline ends a string as a bad-string token, which browsers drop.
    expect(urls('a{b:url("x\nbad.png)} c{d:url(after.png)}')).toEqual(['after.png']);
    expect(urls('a{b:image-set("a.png" 1x} c{content:"not-a-url"}')).toEqual(['a.png']);
    expect(urls('a{b:calc((1px}; c{d:url(e.png)}')).toEqual(['e.png']);
    expect(urls('@import')).toEqual([]);
    expect(urls('a{b:url(')).toEqual([]);
    expect(urls('\\')).toEqual([]);
    expect(urls('/* open')).toEqual([]);
  });
});

describe('rewriteCss', () => {
  const table = (t: Record<string, string>) => (ref: CssRef) => t[ref.url];

  it('replaces only the references and keeps every other byte', () => {
    const css = '/* keep */ a { background : url( a.png ) no-repeat ;  }\n@import  "b.css"  screen;\r\nc{d:url(\'c.png\')}';
    expect(rewriteCss(css, table({ 'a.png': 'img/a.png', 'b.css': 'css/b.css', 'c.png': 'img/c.png' }))).toBe(
      '/* keep */ a { background : url( img/a.png ) no-repeat ;  }\n@import  "css/b.css"  screen;\r\nc{d:url(\'img/c.png\')}',
    );
  });

  it('leaves references mapped to undefined byte-identical', () => {
    const css = 'a{b:url( "x\\"y.png" );c:url(a\\)b.png)}';
    expect(rewriteCss(css, () => undefined)).toBe(css);
  });

  it('quotes and escapes targets that an unquoted url cannot hold', () => {
    expect(rewriteCss('a{b:url(a.png)}', () => 'my dir/a(1).png')).toBe('a{b:url("my dir/a(1).png")}');
    expect(rewriteCss('a{b:url(a.png)}', () => 'q"\\.png')).toBe('a{b:url("q\\"\\\\.png")}');
    expect(rewriteCss("a{b:url('a.png')}", () => "it's\n.png")).toBe("a{b:url('it\\'s\\a .png')}");
    expect(rewriteCss('@import "a.css";', () => 'b "c".css')).toBe('@import "b \\"c\\".css";');
  });

  it('round-trips: what it writes, findCssRefs reads back', () => {
    const target = 'we"ird (x) \\ \'name\'\n.png';
    for (const css of ['a{b:url(a.png)}', 'a{b:url("a.png")}', "a{b:url('a.png')}", 'a{b:image-set("a.png" 1x)}']) {
      expect(findCssRefs(rewriteCss(css, () => target))).toEqual([{ url: target, kind: 'url' }]);
    }
  });

  it('rewrites image-set strings and font-face urls', () => {
    const css = 'a{b:image-set("a.png" 1x, url(b.png) 2x)}@font-face{src:url(f.eot?#iefix) format("eot")}';
    expect(rewriteCss(css, (ref) => `x/${ref.url}`)).toBe(
      'a{b:image-set("x/a.png" 1x, url(x/b.png) 2x)}@font-face{src:url(x/f.eot?#iefix) format("eot")}',
    );
  });

  it('passes the import kind to map', () => {
    const seen: CssRef[] = [];
    rewriteCss('@import url(a.css); b{c:url(d.png)}', (ref) => void seen.push(ref));
    expect(seen).toEqual([
      { url: 'a.css', kind: 'import' },
      { url: 'd.png', kind: 'url' },
    ]);
  });
});

describe('cssCharset', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('reads the exact leading @charset form', () => {
    expect(cssCharset(bytes('@charset "ISO-8859-1"; a{}'))).toBe('windows-1252');
    expect(cssCharset(bytes('@charset "utf-8";'))).toBe('utf-8');
    expect(cssCharset(bytes('@charset "UTF-16LE";'))).toBe('utf-8');
  });

  it('ignores anything but the exact byte form, and unknown labels', () => {
    expect(cssCharset(bytes("@charset 'utf-8';"))).toBeUndefined();
    expect(cssCharset(bytes('@CHARSET "utf-8";'))).toBeUndefined();
    expect(cssCharset(bytes(' @charset "utf-8";'))).toBeUndefined();
    expect(cssCharset(bytes('@charset "utf-8"'))).toBeUndefined();
    expect(cssCharset(bytes('@charset "no-such-encoding";'))).toBeUndefined();
    expect(cssCharset(bytes(''))).toBeUndefined();
  });
});
