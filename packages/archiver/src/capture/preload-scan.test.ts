import { describe, expect, it } from 'vitest';
import { expectLinearTime } from '../../test/support/time-budget.js';
import { scanStylesheets } from './preload-scan.js';

const page = 'https://example.com/blog/post';

describe('scanStylesheets', () => {
  it('finds stylesheet links in every attribute spelling, resolved against the page', () => {
    const html = `<head><LINK REL="stylesheet" HREF="/a.css"><link href='b.css' rel='alternate stylesheet'>
      <link rel=stylesheet href=https://cdn.example.net/c.css media=print><link rel="icon" href="/favicon.ico">
      <link rel="preload" as="style" href="/d.css"></head>`;
    expect(scanStylesheets(html, page)).toEqual([
      'https://example.com/a.css',
      'https://example.com/blog/b.css',
      'https://cdn.example.net/c.css',
    ]);
  });

  it('ignores links written in comments, scripts, styles and text areas', () => {
    const html = `<!-- <link rel=stylesheet href=old.css> --><script>document.write('<link rel=stylesheet href=js.css>')</script>
      <style>/* <link rel=stylesheet href=style.css> */</style><textarea><link rel=stylesheet href=text.css></textarea>
      <link rel=stylesheet href=real.css>`;
    expect(scanStylesheets(html, page)).toEqual(['https://example.com/blog/real.css']);
  });

  it('reads a comment, text element or tag left open as running to the end of input, as browsers do', () => {
    expect(scanStylesheets('<link rel=stylesheet href=a.css><!-- <link rel=stylesheet href=b.css>', page)).toEqual(['https://example.com/blog/a.css']);
    expect(scanStylesheets('<script>x<link rel=stylesheet href=b.css>', page)).toEqual([]);
    expect(scanStylesheets('<link rel=stylesheet href=c.css', page)).toEqual([]);
  });

  it('takes linear time on openings whose close never comes', () => {
    for (const unit of ['<!--', '<script ', '<link ']) {
      const html = unit.repeat(300_000 / unit.length);
      expectLinearTime(`scanStylesheets on ${unit}`, html, () => scanStylesheets(html, page));
    }
  });

  it('leaves to the full parse what a quick scan could read wrong', () => {
    expect(scanStylesheets('<base href="/other/"><link rel=stylesheet href=a.css>', page)).toEqual([]);
    expect(scanStylesheets('<link rel=stylesheet href="a.css?x=1&amp;y=2">', page)).toEqual([]);
    expect(scanStylesheets('<link rel=stylesheet href="javascript:void(0)"><link rel=stylesheet>', page)).toEqual([]);
  });

  it('scans hostile markup in linear time (unclosed comments, text elements and tags by the million)', () => {
    for (const unit of ['<!--', '<title>', '<link ', '<script>x', `<link rel=stylesheet href="${'a'.repeat(70_000)}">`]) {
      const html = `<link rel=stylesheet href=a.css>${unit.repeat(Math.ceil(4_000_000 / unit.length))}`;
      expect(scanStylesheets(html, page)).toEqual(['https://example.com/blog/a.css']);
    }
  });
});
