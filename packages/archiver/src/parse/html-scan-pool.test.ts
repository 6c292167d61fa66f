import { afterAll, describe, expect, it } from 'vitest';
import { findHtmlRefs, HtmlTooComplexError, rewriteHtml, type HtmlScan, type RewriteHtmlOptions } from './html.js';
import { htmlScanPool } from './html-scan-pool.js';

const pool = htmlScanPool(2);
afterAll(() => pool.close());

const DOCUMENTS = [
  `<!doctype html><html lang=en><head><base href="/docs/"><meta http-equiv=refresh content="5;url=/x">
   <meta name=robots content="NOINDEX, nofollow"><link rel=stylesheet href=a.css integrity=sha-x crossorigin>
   <style>@import "e.css"; p{background:url(f.png)}</style><script type=importmap>{"imports":{"x":"./x.js"}}</script>
   <script type=module>import "./m.js";</script></head><body class=b style="background:url(bg.png)">
   <img src=c.png srcset="c.png 1x, c2.png 2x" loading=lazy data-src=lazy.png><a href="/next#top">next</a>
   <noscript><img src=ns.png></noscript><template><img src=tpl.png></template>
   <svg><use href="sprite.svg#icon"/><image xlink:href="x.png"/></svg>
   <iframe srcdoc="<link rel=stylesheet href=in.css><img src=deep.png>"></iframe><p>text &amp; more</body></html>`,
  // No head or body tags: the parser implies them, the insertion points come from the outline.
  `<title>t</title><p><b><i>misnested</b></i><table><tr><td><img src=t.png></table><a href=p2>p2</a>`,
  // Past the 10,000 elements a rewrite revisits: no replay comes back, the rewrite parses again.
  `<body>${Array.from({ length: 10_050 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('')}`,
  `<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:url(#g);filter:url(f.svg#blur)}</style><feImage href="i.png"/></svg>`,
];

function rewrite(html: string, scan: HtmlScan): string {
  const options: RewriteHtmlOptions = {
    scan,
    charset: 'utf-8',
    csp: "default-src 'self'",
    headHtml: '<script type=importmap>{}</script>',
    bodyHtml: '<svg hidden></svg>',
    map: (ref) => `L/${ref.kind}/${ref.url}`,
    inlineScript: (script) => (script.type === 'importmap' ? null : `/* ${script.text.length} */`),
  };
  return rewriteHtml(html, options);
}

describe('htmlScanPool', () => {
  it('scans in its threads what a scan in this thread finds, and the rewrite with it is the same', async () => {
    const before = pool.offThread;
    const pooled = await Promise.all(DOCUMENTS.map((html) => pool.scan(html, Infinity)));
    expect(pool.offThread - before).toBe(DOCUMENTS.length);
    DOCUMENTS.forEach((html, i) => {
      const scan = pooled[i] as HtmlScan;
      const here = findHtmlRefs(html);
      expect(scan).toEqual(here);
      expect(rewrite(html, scan)).toBe(rewrite(html, here));
    });
  });

  it('answers a document beyond its limit with HtmlTooComplexError, as the in-thread scan throws', async () => {
    const html = '<img src=a.png><img src=b.png><img src=c.png>';
    const scanned = await pool.scan(html, 2);
    expect(scanned).toBeInstanceOf(HtmlTooComplexError);
    expect(() => findHtmlRefs(html, 2)).toThrow((scanned as HtmlTooComplexError).message);
  });

  it('does not hold the process open when idle, and scans in this thread once closed', async () => {
    const closed = htmlScanPool(1);
    await closed.scan('<a href=x>', Infinity);
    await closed.close();
    expect(((await closed.scan('<a href=x>', Infinity)) as HtmlScan).refs).toHaveLength(1);
    expect(closed.offThread).toBe(1);
  });
  it('parses here what its threads had when it is closed mid-scan', async () => {
    const closing = htmlScanPool(1);
    const html = DOCUMENTS[2]!;
    const pending = closing.scan(html, Infinity);
    await closing.close();
    expect(await pending).toEqual(findHtmlRefs(html));
    expect(closing.offThread).toBe(0);
  });
  it('parses here a document its thread ran out of memory on, and keeps its threads for the next', async () => {
    const small = htmlScanPool(1, { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 8 });
    try {
      const huge = `<body>${'<p><a href="/x">x</a></p>'.repeat(200_000)}`;
      expect(((await small.scan(huge, Infinity)) as HtmlScan).refs).toHaveLength(200_000);
      expect(small.offThread).toBe(0);
      expect(((await small.scan('<a href=y>', Infinity)) as HtmlScan).refs).toHaveLength(1);
      expect(small.offThread).toBe(1);
    } finally {
      await small.close();
    }
  });
});
