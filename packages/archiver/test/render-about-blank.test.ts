import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// MathJax 2 adds a stylesheet whose blank font is `url(about:blank)` on every page it typesets:
// the browser's request for it fails online as it does in the copy, and is no file of the copy's.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Formulas</title></head><body>
<h1>Householder reflections</h1><p id="formula">Loading…</p>
<script>
  const style = document.createElement('style');
  style.textContent = "@font-face {font-family: Blank; src: url('about:blank')} #formula span {font-family: Blank, serif}";
  document.head.append(style);
  document.getElementById('formula').innerHTML = 'H = I - 2vv<sup>T</sup>, with <span>v</span> of unit length';
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({ '/': { body: PAGE } });
});
afterAll(() => site.close());

describe('a blank font at about:blank', () => {
  it('fails no live copy: about: names no file of the copy', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
  }, 60_000);
});
