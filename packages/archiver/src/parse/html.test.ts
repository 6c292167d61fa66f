import { describe, it, expect } from 'vitest';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { findHtmlRefs, rewriteHtml, type HtmlRef } from './html.js';

const urls = (html: string) => findHtmlRefs(html).refs.map((r) => r.url);
/** Rewrite every followed reference to `L/<url>`. */
const prefixAll = (html: string, csp?: string) =>
  rewriteHtml(html, { map: (ref) => (ref.follow ? `L/${ref.url}` : undefined), ...(csp ? { csp } : {}) });

describe('findHtmlRefs', () => {
  it('reports refs in document order with kind, source and follow', () => {
    const html = `<link rel=stylesheet href=a.css><script src=b.js></script>
      <img src=c.png srcset="c.png 1x, c2.png 2x" style="background:url('d.png')">
      <style>@import "e.css"; p{background:url(f.png)}</style><a href="/next">next</a>`;
    expect(findHtmlRefs(html)).toEqual({
      baseHref: undefined,
      refs: [
        { url: 'a.css', kind: 'stylesheet', source: 'attr', follow: true },
        { url: 'b.js', kind: 'script', source: 'attr', follow: true },
        { url: 'c.png', kind: 'image', source: 'attr', follow: true },
        { url: 'c.png', kind: 'image', source: 'srcset', follow: true },
        { url: 'c2.png', kind: 'image', source: 'srcset', follow: true },
        { url: 'd.png', kind: 'image', source: 'css', follow: true },
        { url: 'e.css', kind: 'stylesheet', source: 'css', follow: true },
        { url: 'f.png', kind: 'image', source: 'css', follow: true },
        { url: '/next', kind: 'page', source: 'attr', follow: false },
      ],
      inlineScripts: [],
      robots: [],
    });
  });

  it("reads a form's action as a page unless the form posts", () => {
    const html = `<form action="search.html"><input name=q></form><form method=GET action="/find"></form><form method=" POST " action="/login"></form><form method=post action="/cart"></form>`;
    expect(findHtmlRefs(html).refs).toEqual([
      { url: 'search.html', kind: 'page', source: 'attr', follow: false },
      { url: '/find', kind: 'page', source: 'attr', follow: false },
    ]);
  });

  it('decodes entities and trims attribute URLs, and skips inert ones', () => {
    expect(urls('<img src=" a.png?x=1&amp;y=2 "><img src="data:image/gif;base64,R0"><a href="#top"></a><a href="javascript:void 0"></a><img src="">')).toEqual([
      'a.png?x=1&y=2',
    ]);
  });

  it('finds refs inside noscript, template and SVG', () => {
    const html = `<head><noscript><link rel=stylesheet href=ns.css></noscript></head><body>
      <noscript><img src=ns.png></noscript><template><img src=tpl.png><template><img src=deep.png></template></template>
      <svg><image xlink:href="x.png"/><use href="sprite.svg#icon"/><use xlink:href="#local"/><filter><feImage href="f.png"/></filter>
      <style>rect{fill:url(#grad);filter:url(filters.svg#blur)}</style></svg>`;
    expect(urls(html)).toEqual(['ns.css', 'ns.png', 'tpl.png', 'deep.png', 'x.png', 'sprite.svg#icon', 'f.png', 'filters.svg#blur']);
  });

  it('finds refs in iframe srcdoc recursively, marked srcdoc', () => {
    const html = `<iframe srcdoc="<link rel=stylesheet href=in.css><iframe srcdoc='<img src=&amp;quot;deep.png&amp;quot;>'></iframe>"></iframe>`;
    expect(findHtmlRefs(html).refs).toEqual([
      { url: 'in.css', kind: 'stylesheet', source: 'srcdoc', follow: true },
      { url: 'deep.png', kind: 'image', source: 'srcdoc', follow: true },
    ]);
  });

  it('reports the first <base href> only', () => {
    expect(findHtmlRefs('<base target=_top><base href="http://a.test/x/"><base href="http://b.test/">').baseHref).toBe('http://a.test/x/');
  });

  it('takes no base URL from an SVG <base>, which is no base element, and leaves it in place', () => {
    const html = '<svg><base href="http://a.test/"></base></svg><img src=a.png>';
    expect(findHtmlRefs(html).baseHref).toBeUndefined();
    expect(rewriteHtml(html, { map: () => undefined })).toBe(html);
  });

  it('reports a formatting element the parser reopens once, and rewrites it once', () => {
    // The second paragraph gets a copy of the <a> and the <b>, located at their start tags.
    const html = '<p><a href=/x><b style="background:url(a.png)">one<p>two';
    expect(findHtmlRefs(html).refs.map((r) => r.url)).toEqual(['/x', 'a.png']);
    expect(rewriteHtml(html, { map: (ref) => `L${ref.url}` })).toBe('<p><a href="L/x"><b style="background:url(La.png)">one<p>two');
  });

  it('does not throw on malformed HTML, reading it as browsers do', () => {
    // A tag cut off by the end of input is dropped; a stray <td> outside a table is ignored.
    const html = '<img src=a.png<b><p <<>> </div></table><td background=t.png><img src="c.png"<img src="cut';
    expect(urls(html)).toEqual(['a.png<b']);
    expect(prefixAll(html)).toBe(html.replace('src=a.png<b', 'src="L/a.png<b"'));
    expect(findHtmlRefs('').refs).toEqual([]);
  });
});

describe('lazy loading', () => {
  const refs = (html: string) => findHtmlRefs(html).refs.map((r) => `${r.kind}:${r.url}`);

  it('uses data-src instead of a missing or placeholder src', () => {
    expect(refs('<img data-src=a.png>')).toEqual(['image:a.png']);
    expect(refs('<img src="/img/blank.gif" data-lazy-src=b.png>')).toEqual(['image:b.png']);
    expect(refs('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-original=c.png>')).toEqual(['image:c.png']);
    expect(refs('<img src="/assets/placeholder.svg" data-src=d.png data-srcset="d.png 1x, d2.png 2x" srcset="">')).toEqual([
      'image:d.png',
      'image:d.png',
      'image:d2.png',
    ]);
  });

  it('knows WP Rocket and background conventions too', () => {
    expect(prefixAll('<img src="data:," data-lazy-src=a.png data-lazy-srcset="a.png 1x, a2.png 2x">')).toBe(
      '<img src="L/a.png" data-lazy-src="L/a.png" data-lazy-srcset="L/a.png 1x, L/a2.png 2x" srcset="L/a.png 1x, L/a2.png 2x">',
    );
    expect(refs('<section data-background-image="hero.jpg"></section>')).toEqual(['image:hero.jpg']);
  });

  it('promotes the lazy attribute listed first in the table, whatever the attribute order', () => {
    expect(prefixAll('<img data-original=o.png data-src=s.png>')).toBe(
      '<img data-original="L/o.png" data-src="L/s.png" src="L/s.png">',
    );
  });

  it('leaves data-src alone on elements that are never lazy images (a script, a style, a link)', () => {
    // Nuxt's payload: a JSON script whose data-src its code fetch()es (a copy's path there failed from file://).
    const nuxt = '<script type="application/json" id="__NUXT_DATA__" data-src="/_payload.json?1">[]</script><link data-src=a.css><style data-src=b.css></style>';
    expect(refs(nuxt)).toEqual([]);
    expect(prefixAll(nuxt)).toBe(nuxt);
  });

  it('keeps a real src as a ref beside the lazy one', () => {
    expect(refs('<img src=small.png data-src=big.png>')).toEqual(['image:small.png', 'image:big.png']);
  });

  it('takes the kind of the attribute it stands in for', () => {
    expect(refs('<iframe data-src=frame.html></iframe><video data-src=v.mp4></video><div data-src=d.png data-bg=bg.png data-background="url(bg2.png)"></div>')).toEqual([
      'frame:frame.html',
      'media:v.mp4',
      'image:d.png',
      'image:bg.png',
      'image:bg2.png',
    ]);
  });
});

describe('rewriteHtml', () => {
  it('changes only the rewritten attribute, byte for byte', () => {
    const html = `<!doctype html>
<HTML lang=en><!-- a comment with <img src=x.png> -->
<HEAD><TITLE>T &amp; &copy; &#169;</TITLE></HEAD>
<BODY class='a  b' data-x = "1"  >
  <IMG  alt='it&apos;s' SRC = 'photo.jpg'   width=10 >
  <P>caf&eacute; &lt;b&gt;</P>
</BODY></HTML>`;
    const out = rewriteHtml(html, { map: (ref) => (ref.url === 'photo.jpg' ? 'img/photo.jpg' : undefined) });
    expect(out).toBe(html.replace(`SRC = 'photo.jpg'`, 'SRC="img/photo.jpg"'));
  });

  it('returns the input unchanged when map rewrites nothing', () => {
    const html = `<img src=a.png srcset='a.png 1x'><style>p{background:url( "b.png" )}</style><p style="x:url(c.png)">`;
    expect(rewriteHtml(html, { map: () => undefined })).toBe(html);
  });

  it('escapes rewritten values for a double-quoted attribute', () => {
    expect(rewriteHtml('<img src=a.png>', { map: () => 'a"b&c.png' })).toBe('<img src="a&quot;b&amp;c.png">');
  });

  it('rewrites srcset, style attributes and <style> text', () => {
    const html = `<img srcset="a.png 1x,b.png 2x" style="background:url(&quot;c.png&quot;) , url(d.png)"><style>
  @import url(e.css) screen;
  p { background: url( f.png ) }
</style>`;
    expect(prefixAll(html)).toBe(`<img srcset="L/a.png 1x,L/b.png 2x" style="background:url(&quot;L/c.png&quot;) , url(L/d.png)"><style>
  @import url(L/e.css) screen;
  p { background: url( L/f.png ) }
</style>`);
  });

  it('drops srcset candidates mapped to the empty string', () => {
    expect(rewriteHtml('<img srcset="a.png 1x, b.png 2x">', { map: (ref) => (ref.url === 'a.png' ? '' : undefined) })).toBe(
      '<img srcset="b.png 2x">',
    );
  });

  it('rewrites noscript, template and SVG references, keeping the xlink prefix as written', () => {
    const html = `<noscript><img src=n.png></noscript><template><img src=t.png></template><svg><image XLINK:HREF=x.png /><feImage href='f.png'/></svg>`;
    expect(prefixAll(html)).toBe(
      `<noscript><img src="L/n.png"></noscript><template><img src="L/t.png"></template><svg><image XLINK:HREF="L/x.png" /><feImage href="L/f.png"/></svg>`,
    );
  });

  it('rewrites SVG <style> text that holds entities by re-escaping it', () => {
    expect(prefixAll('<svg><style>a{fill:url(p.svg#g)} b{content:"&amp;"}</style></svg>')).toBe(
      '<svg><style>a{fill:url(L/p.svg#g)} b{content:"&amp;"}</style></svg>',
    );
  });

  it('rewrites iframe srcdoc recursively and writes it back escaped', () => {
    const html = `<iframe srcdoc="<img src=&quot;a.png&quot; alt='x'><base href=http://x/>"></iframe>`;
    const seen: HtmlRef[] = [];
    const out = rewriteHtml(html, {
      map: (ref) => {
        seen.push(ref);
        return 'L/a.png';
      },
      csp: "default-src 'none'",
    });
    expect(out).toBe(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'"><iframe srcdoc="<img src=&quot;L/a.png&quot; alt='x'>"></iframe>`);
    expect(seen).toEqual([{ url: 'a.png', kind: 'image', source: 'srcdoc', follow: true }]);
  });

  it('removes <base>, CSP and refresh metas, keeping a base target', () => {
    const html = `<head><base href="http://a.test/"><meta http-equiv="Content-Security-Policy" content="default-src https:">
<meta HTTP-EQUIV=" Refresh " content="5;url=/next"><meta http-equiv=content-type content="text/html"><base target=_blank href=/x/>
</head>`;
    expect(rewriteHtml(html, { map: () => undefined })).toBe(`<head>
<meta http-equiv=content-type content="text/html"><base target=_blank>
</head>`);
  });

  it('rewrites the other attributes of a <base target> it keeps, as of any element', () => {
    expect(prefixAll('<base target=_top href=/x/ style="background:url(b.png)">')).toBe('<base target=_top style="background:url(L/b.png)">');
  });

  it('leaves an empty comment for a removed element after a literal <, which would join what follows', () => {
    const html = 'a<<base href=x>script>alert(1)</script> b<<meta http-equiv=refresh content=0>!-- c --><<script type=importmap>{}</script>p>';
    expect(rewriteHtml(html, { map: () => undefined, inlineScript: () => null })).toBe(
      'a<<!---->script>alert(1)</script> b<<!---->!-- c --><<!---->p>',
    );
  });

  it('removes integrity and crossorigin only where the reference was rewritten', () => {
    const html = `<link rel=stylesheet href=a.css integrity="sha384-A" crossorigin=anonymous><script src=b.js integrity="sha384-B" crossorigin></script>`;
    expect(rewriteHtml(html, { map: (ref) => (ref.url === 'a.css' ? 'L/a.css' : undefined) })).toBe(
      `<link rel=stylesheet href="L/a.css"><script src=b.js integrity="sha384-B" crossorigin></script>`,
    );
  });

  it('edits attributes written with a bare = or before a / without changing their neighbours', () => {
    const html = `<link href=a.css rel=stylesheet crossorigin/><img data-src=b.png alt=><div data-bg=c.png style=></div><script crossorigin=""src=d.js></script>`;
    expect(prefixAll(html)).toBe(
      `<link href="L/a.css" rel=stylesheet /><img src="L/b.png" data-src="L/b.png" alt=><div data-bg="L/c.png" style="background-image:url(L/c.png)"></div><script src="L/d.js"></script>`,
    );
  });

  it('removes crossorigin without integrity too: a CORS fetch of a file: URL always fails', () => {
    const html = `<img src=a.png crossorigin><link rel=preload as=font href=f.woff2 crossorigin="use-credentials"><script src=c.js CrossOrigin=anonymous></script>`;
    expect(rewriteHtml(html, { map: (ref) => `L/${ref.url}` })).toBe(
      `<img src="L/a.png"><link rel=preload as=font href="L/f.woff2"><script src="L/c.js"></script>`,
    );
  });
});

describe('rewriteHtml csp', () => {
  const csp = "default-src 'self' data:";
  const meta = `<meta http-equiv="Content-Security-Policy" content="default-src 'self' data:">`;
  const insert = (html: string) => rewriteHtml(html, { map: () => undefined, csp });

  it('goes right after an explicit <head> start tag', () => {
    expect(insert('<!DOCTYPE html><html><HEAD profile="x"><title>t</title></HEAD><body>')).toBe(
      `<!DOCTYPE html><html><HEAD profile="x">${meta}<title>t</title></HEAD><body>`,
    );
  });

  it('goes before the first element of an implied head', () => {
    expect(insert('<!DOCTYPE html>\n<title>t</title><p>x')).toBe(`<!DOCTYPE html>\n${meta}<title>t</title><p>x`);
  });

  it('goes after <html> when the head is implied and empty', () => {
    expect(insert('<!DOCTYPE html><html lang=en><body><p>x')).toBe(`<!DOCTYPE html><html lang=en>${meta}<body><p>x`);
  });

  it('goes after the doctype, or at the start, when nothing else is explicit', () => {
    expect(insert('<!DOCTYPE html><p>x')).toBe(`<!DOCTYPE html>${meta}<p>x`);
    expect(insert('<p>x')).toBe(`${meta}<p>x`);
  });

  it('goes before a doctype cut off by the end of input, which would take it in', () => {
    expect(insert('<!DOCTYPE html')).toBe(`${meta}<!DOCTYPE html`);
  });

  it('lands in <head> of the parsed result, ahead of a removed CSP meta', () => {
    const out = insert('<head><meta http-equiv=Content-Security-Policy content="x"><link rel=stylesheet href=a.css></head>');
    expect(out).toBe(`<head>${meta}<link rel=stylesheet href=a.css></head>`);
  });

  it('escapes the policy', () => {
    expect(rewriteHtml('<head></head>', { map: () => undefined, csp: `a "b" & c` })).toBe(
      '<head><meta http-equiv="Content-Security-Policy" content="a &quot;b&quot; &amp; c"></head>',
    );
  });
});

describe('rewriteHtml lazy promotion', () => {
  it('adds src when missing, before a self-closing slash', () => {
    expect(prefixAll('<img data-src="a.png" alt="" />')).toBe('<img data-src="L/a.png" alt="" src="L/a.png" />');
  });

  it('replaces a placeholder src and srcset', () => {
    expect(prefixAll('<img src="blank.gif" data-src=a.png srcset="spacer.gif 1x" data-srcset="a.png 1x, a2.png 2x">')).toBe(
      '<img src="L/a.png" data-src="L/a.png" srcset="L/a.png 1x, L/a2.png 2x" data-srcset="L/a.png 1x, L/a2.png 2x">',
    );
  });

  it('promotes into <source> and <iframe> but not into elements without a real attribute', () => {
    expect(prefixAll('<picture><source data-srcset=s.webp></picture><iframe data-src=f.html></iframe><div data-src=d.png></div>')).toBe(
      '<picture><source data-srcset="L/s.webp" srcset="L/s.webp"></picture><iframe data-src="L/f.html" src="L/f.html"></iframe><div data-src="L/d.png"></div>',
    );
  });

  it('leaves a real src alone and rewrites the lazy attribute in place', () => {
    expect(rewriteHtml('<img src=small.png data-src=big.png>', { map: (ref) => (ref.url === 'big.png' ? 'L/big.png' : undefined) })).toBe(
      '<img src=small.png data-src="L/big.png">',
    );
  });

  it('appends a background image for data-bg, creating or extending style', () => {
    expect(prefixAll('<div data-bg="bg one.jpg"></div><div style="color:red" data-background=b.jpg></div>')).toBe(
      `<div data-bg="L/bg one.jpg" style="background-image:url('L/bg one.jpg')"></div><div style="color:red;background-image:url(L/b.jpg)" data-background="L/b.jpg"></div>`,
    );
    expect(prefixAll('<div style="background:url(x.png);" data-bg="url(&quot;y.png&quot;)"></div>')).toBe(
      '<div style="background:url(L/x.png);background-image:url(&quot;L/y.png&quot;)" data-bg="url(&quot;L/y.png&quot;)"></div>',
    );
  });

  it('does not promote when map leaves the lazy ref alone', () => {
    const html = '<img data-src=a.png>';
    expect(rewriteHtml(html, { map: () => undefined })).toBe(html);
  });
});

describe('robustness', () => {
  it('handles very deep nesting without overflowing the stack', () => {
    const depth = 100_000;
    const html = `${'<div>'.repeat(depth)}<img src=deep.png>${'</div>'.repeat(depth)}`;
    expect(urls(html)).toEqual(['deep.png']);
  });

  it('takes linear time on long whitespace runs in URLs and in a style it extends', () => {
    const spaces = ' '.repeat(40_000);
    const html = `<img src="a${spaces}b"><div style="color:red${spaces};" data-bg=c.png></div><style>p{b:url("d${spaces}e")}</style>`;
    expectLinearTime('rewriteHtml', html, () => prefixAll(html));
  });
});

describe('rewriteHtml <style> text', () => {
  it('rewrites HTML <style> source as written: CRLF and literal & kept', () => {
    const html = '<style>\r\na{b:url(x.png?a=1&b=2)}\r\nc{content:"&amp;"}</style>';
    expect(prefixAll(html)).toBe('<style>\r\na{b:url(L/x.png?a=1&b=2)}\r\nc{content:"&amp;"}</style>');
  });

  it('escapes < in written CSS so a URL cannot close the <style> element', () => {
    const out = rewriteHtml('<style>a{b:url(x.png)}</style><p>after', { map: () => '</style><script>x</script>' });
    expect(out).toBe('<style>a{b:url("\\3c /style>\\3c script>x\\3c /script>")}</style><p>after');
    expect(findHtmlRefs(out).refs.map((r) => r.url)).toEqual(['</style><script>x</script>']);
  });
});

describe('inline module scripts and import maps', () => {
  const html = `<head><script type="importmap">{"imports":{}}</script><script type=module>import "./a.js";</script><script type=module src=m.js></script><script>classic()</script>
<script type="text/javascript">Promise.all([import("./start.js")])</script><script type="text/x-template">import("./t.js")</script></head>`;

  it('are reported with their raw text (a classic script only when it may import()), and module src is a module ref', () => {
    const scan = findHtmlRefs(html);
    expect(scan.inlineScripts).toEqual([
      { type: 'importmap', text: '{"imports":{}}' },
      { type: 'module', text: 'import "./a.js";' },
      { type: 'classic', text: 'Promise.all([import("./start.js")])' },
    ]);
    expect(scan.refs).toEqual([{ url: 'm.js', kind: 'module', source: 'attr', follow: true }]);
  });

  it('are removed whole, whatever attributes they hold', () => {
    const html = '<script type=importmap style="background:url(a.png)" href=b.js crossorigin>{}</script><p>';
    expect(rewriteHtml(html, { map: (ref) => `L/${ref.url}`, inlineScript: () => null })).toBe('<p>');
  });

  it('are rewritten or removed, with charset, CSP and head markup inserted first', () => {
    const out = rewriteHtml(html, {
      map: () => undefined,
      charset: 'utf-8',
      csp: "default-src 'self'",
      headHtml: '<script type="importmap">{}</script>',
      inlineScript: (s) => (s.type === 'importmap' ? null : s.text.replace('./a.js', 'K').replace('./start.js', 'S')),
    });
    expect(out).toBe(
      `<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><script type="importmap">{}</script><script type=module>import "K";</script><script type=module src=m.js></script><script>classic()</script>
<script type="text/javascript">Promise.all([import("S")])</script><script type="text/x-template">import("./t.js")</script></head>`,
    );
  });
});

describe('event handler attributes', () => {
  const html = `<p>text</p><button onclick="location.href = '/about'; return false" title=x>About</button><a href=# onmouseover='go(document.URL)'>x</a><i onclick="count++">`;
  const inlineScript = (s: { type: string; text: string }) => (s.type === 'handler' ? `[${s.text}] & "more"` : undefined);

  it('that read the address are rewritten as the caller says, escaped, and never listed as scripts', () => {
    const scan = findHtmlRefs(html);
    expect(scan.inlineScripts).toEqual([]);
    const expected = `<p>text</p><button onclick="[location.href = '/about'; return false] &amp; &quot;more&quot;" title=x>About</button><a href=# onmouseover="[go(document.URL)] &amp; &quot;more&quot;">x</a><i onclick="count++">`;
    expect(rewriteHtml(html, { map: () => undefined, inlineScript })).toBe(expected);
    // A rewrite that reuses the scan revisits the elements with such handlers.
    expect(rewriteHtml(html, { map: () => undefined, inlineScript, scan })).toBe(expected);
  });
});

describe('meta robots', () => {
  it('reports the directives of <meta name=robots>', () => {
    expect(findHtmlRefs('<meta name="ROBOTS" content="NoIndex, nofollow"><meta name=description content=x>').robots).toEqual([
      'noindex',
      'nofollow',
    ]);
  });
});

describe('body insertion', () => {
  it('goes right after <body>, or before the first body child when the tag is implied', () => {
    expect(rewriteHtml('<head></head><body class=x><p>a</p>', { map: () => undefined, bodyHtml: '<i>S</i>' })).toBe(
      '<head></head><body class=x><i>S</i><p>a</p>',
    );
    expect(rewriteHtml('<title>t</title><p>a</p>', { map: () => undefined, bodyHtml: '<i>S</i>' })).toBe('<title>t</title><i>S</i><p>a</p>');
  });
});
