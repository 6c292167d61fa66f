import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderDirect } from './support/render-direct.js';

// A page with an element that never stops changing (a typing effect in its heading, as landing
// pages have; a ticker, a Lottie animation written into SVG attributes) was never quiet: its
// render waited out the whole settle time twice (after load, after scrolling), and was read
// unsettled. Such an element stops counting once it has changed often for a while (DOM_STATE in
// render/in-page.ts); what the page builds meanwhile still does: a count-up animation of 2 s, and
// items added one by one for 3 s.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Harbour</title></head>
<body><h1 id="typed"></h1><p id="count"></p><ul id="sailings"></ul><div style="height: 2400px"></div>
<script>
const words = 'Welcome aboard: ferries from Harwich every day';
let typed = 0;
setInterval(() => { typed = (typed + 1) % (words.length + 8); document.getElementById('typed').textContent = words.slice(0, typed); }, 80);
const started = performance.now();
const count = () => {
  const done = Math.min(1, (performance.now() - started) / 2000);
  document.getElementById('count').textContent = Math.round(1234 * done).toLocaleString('en') + ' crossings this year';
  if (done < 1) requestAnimationFrame(count);
};
requestAnimationFrame(count);
['Hook of Holland', 'Esbjerg', 'Rotterdam', 'Cuxhaven', 'Gothenburg', 'Zeebrugge', 'Bergen', 'Hamburg'].forEach((port, index) => {
  setTimeout(() => { const item = document.createElement('li'); item.textContent = port; document.getElementById('sailings').append(item); }, 400 * (index + 1));
});
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({ '/': { body: PAGE } });
});
afterAll(() => site?.close());

describe('a page with an element that never stops changing', () => {
  it('settles once that element is seen animating, after what the page builds meanwhile', async () => {
    const result = await renderDirect(site.url, { totalTimeoutMs: 40_000 });
    expect(result.settled).toBe(true);
    expect(result.html).toContain('1,234 crossings this year');
    expect(result.html).toContain('<li>Hamburg</li>');
  }, 60_000);
});
