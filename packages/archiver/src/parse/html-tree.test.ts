import { describe, expect, it } from 'vitest';
import { rewriteHtml } from './html.js';
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
