import { describe, expect, it } from 'vitest';
import { findHtmlRefs, rewriteHtml } from './html.js';
import { forEachElement, parseDocument, type Element } from './html-tree.js';

const tags = (els: Element[]) => els.map((el) => el.tagName);

describe('parseDocument (streaming)', () => {
  it('reports each start tag once, in document order, and closes elements with their end known', () => {
    const opened: Element[] = [];
    const closed: Element[] = [];
    parseDocument('<html lang=en><body class=b><p><a href="x.html">one</p>two<style>p{}</style>', {
      opened: (el) => opened.push(el),
      closed: (el) => closed.push(el),
    });
    // The <a> the parser re-opens for "two" shares its start tag: reported once. html and body come last.
    expect(tags(opened)).toEqual(['p', 'a', 'style', 'html', 'body']);
    const style = closed.find((el) => el.tagName === 'style');
    expect(style?.sourceCodeLocation?.endTag).toBeDefined();
    expect(style?.childNodes).toHaveLength(1);
  });

  it('rewrites a re-opened formatting element once (no overlapping edits)', () => {
    const html = '<p><a href="x.html" style="background:url(y.png)">one</p>two';
    expect(rewriteHtml(html, { map: (ref) => `Z${ref.url}` })).toBe('<p><a href="Zx.html" style="background:url(Zy.png)">one</p>two');
  });

  it('keeps only open elements in the tree, so memory follows nesting, not size', () => {
    const html = `<!doctype html><body>${'<span class=c>word</span><img src=a.png>text<!--c-->'.repeat(20_000)}<div><p>last`;
    let count = 0;
    const outline = parseDocument(html, { opened: () => count++, closed: () => undefined });
    expect(count).toBe(40_000 + 2 + 2);
    let kept = 0;
    forEachElement(outline.document, () => kept++);
    expect(kept).toBeLessThan(10);
  });
});

describe('rewriteHtml with the scan of the same text', () => {
  // Every kind of visit: attributes, removals, lazy promotion, style text (HTML and SVG), inline
  // scripts, srcdoc, template, foster parenting, re-opened formatting elements, merged <body> attributes.
  const documents = [
    '<!doctype html><html lang=en><head><base href="/x/" target=_top><meta http-equiv=refresh content=0><meta name=robots content="noindex"><link rel=stylesheet href=a.css integrity=sha crossorigin></head><body><img data-src=lazy.png src=placeholder.gif><p>x</body>',
    '<title>t</title><style>\r\na{b:url(x.png?a=1&b=2)}</style><svg><style>rect{fill:url(f.svg#g)}</style><use href="s.svg#i"/></svg><body><body background=bg.png>',
    '<script type=importmap>{"imports":{"a":"./a.js"}}</script><script type=module>import "a"; import "./b.js"</script><script src=c.js></script>',
    '<iframe srcdoc="<img src=in.png><style>p{background:url(s.png)}</style>"></iframe><template><img src=t.png></template><table><img src=fostered.png><tr><td background=td.png>',
    '<p><a href="x.html" style="background:url(y.png)">one</p>two<div data-bg="url(bg.jpg)" style="color:red"></div><picture><source srcset="a.webp 1x, b.webp 2x"></picture>',
    `<ul>${Array.from({ length: 300 }, (_, i) => `<li><img src=i${i}.png><a href=p${i}.html>${i}</a>`).join('')}`,
  ];
  const options = {
    map: (ref: { url: string }) => `L/${ref.url}`,
    inlineScript: (script: { type: string; text: string }) => (script.type === 'importmap' ? null : `/*x*/${script.text}`),
    charset: 'utf-8',
    csp: "default-src 'self'",
    bodyHtml: '<div id=sprites></div>',
  };

  it('gives the same text as a rewrite that parses again', () => {
    for (const html of documents) {
      expect(rewriteHtml(html, { ...options, scan: findHtmlRefs(html) })).toBe(rewriteHtml(html, options));
    }
  });

  it('parses again when the scan was of another text, or held too many elements to revisit', () => {
    const other = findHtmlRefs('<img src=other.png>');
    expect(rewriteHtml(documents[0]!, { ...options, scan: other })).toBe(rewriteHtml(documents[0]!, options));
    const many = `<body>${'<img src=a.png>'.repeat(25_000)}`;
    expect(rewriteHtml(many, { ...options, scan: findHtmlRefs(many) })).toBe(rewriteHtml(many, options));
  });
});
