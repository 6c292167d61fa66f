import { describe, expect, it } from 'vitest';
import { placeFrames } from './frame-marks.js';

const MARK = 'data-sitezip-frame-abc';

describe('placeFrames', () => {
  it('writes a document into its element as srcdoc, in place of one written before, and takes the mark away', () => {
    const html = `<p>a</p><iframe ${MARK}="0" id="x"></iframe><iframe srcdoc="old" ${MARK}="1"></iframe>`;
    const placed = placeFrames(html, MARK, new Map([['0', { srcdoc: '<p class="a">A & B</p>' }], ['1', { srcdoc: 'new' }]]));
    expect(placed).toBe('<p>a</p><iframe id="x" srcdoc="<p class=&quot;a&quot;>A &amp; B</p>"></iframe><iframe srcdoc="new"></iframe>');
  });

  it('gives an element the address its frame showed, and only takes the mark from one without a placement', () => {
    const html = `<iframe src="a.html" ${MARK}="0"></iframe><div><iframe ${MARK}="1" src="b.html"></iframe></div><template shadowrootmode="open"><iframe ${MARK}="2"></iframe></template>`;
    const placed = placeFrames(html, MARK, new Map([['0', { src: 'https://site.test/a.html?step=2' }], ['2', { src: 'https://site.test/c.html' }]]));
    expect(placed).toBe('<iframe src="https://site.test/a.html?step=2"></iframe><div><iframe src="b.html"></iframe></div><template shadowrootmode="open"><iframe src="https://site.test/c.html"></iframe></template>');
  });

  it('leaves a document without marks as it is', () => {
    const html = '<iframe src="a.html"></iframe>';
    expect(placeFrames(html, MARK, new Map([['0', { srcdoc: 'x' }]]))).toBe(html);
  });
});
