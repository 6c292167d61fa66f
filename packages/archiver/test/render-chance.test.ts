import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';
import { renderOnce } from './support/render-once.js';

// A page whose scripts draw by chance and read the clock: three of eight stalls picked at random
// (a random testimonial, a shuffled list), an offer whose end the site sends as a time, and the
// day. Without the render's draws the copy showed other stalls, and its check another page; opened
// days later, it said the offer had ended.
const STALLS = [
  'Fennel and blood oranges from the Ortiz family farm, picked on Thursday',
  'Sourdough loaves, rye and spelt, baked overnight by the Larkspur bakery',
  'Goat cheese rolled in ash and herbs from the hill dairy above the river',
  'Wildflower honey and beeswax candles from twelve hives in the orchard',
  'Smoked trout and pickled herring from the harbour smokehouse',
  'Heirloom tomatoes, striped and yellow, grown under glass since March',
  'Hand-thrown stoneware mugs and bowls glazed in celadon and iron red',
  'Fresh pasta, pappardelle and ravioli filled with ricotta and nettles',
];
const page = `<!doctype html><html><head><meta charset="utf-8"><title>Market hall</title></head>
<body><h1>Market hall</h1><ul id="picks"></ul><p id="offer"></p><p id="today"></p>
<script>
const stalls = ${JSON.stringify(STALLS)};
const picks = [];
for (let i = 0; i < 3; i++) picks.push(stalls.splice(Math.floor(Math.random() * stalls.length), 1)[0]);
document.getElementById('picks').innerHTML = picks.map((stall) => '<li>' + stall + '</li>').join('');
document.getElementById('today').textContent = 'Market day: ' + new Date().toDateString();
fetch('/api/offer').then((r) => r.json()).then(({ endsAt }) => {
  const minutes = Math.round((endsAt - Date.now()) / 60000);
  document.getElementById('offer').textContent = minutes > 0 ? 'Weekend offer: ends in ' + minutes + ' minutes' : 'The weekend offer has ended';
});
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: page },
    '/api/offer': { type: 'application/json', body: JSON.stringify({ endsAt: Date.now() + 30 * 60_000 }) },
  });
});
afterAll(() => site.close());

describe('a live copy of a page that draws by chance and reads the clock', () => {
  it('draws what the render drew, and its clock runs from the render even when opened days later', async () => {
    const day = new Date().toDateString();
    const { sink, render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    await withOfflineCopy(sink, 'sitezip-chance-', async ({ open, requests }) => {
      const copy = await open('index.html', (page) => page.clock.install({ time: Date.now() + 3 * 24 * 3_600_000 }));
      await expect.poll(() => copy.locator('#offer').textContent()).toMatch(/^Weekend offer: ends in (29|30) minutes$/);
      expect(await copy.locator('#today').textContent()).toBe(`Market day: ${day}`);
      expect(await copy.locator('#picks li').count()).toBe(3);
      // Whole milliseconds, as the browser's own: a JSONP callback named after the time was asked for as `_1796402897856.5`.
      expect(await copy.evaluate(() => Number.isInteger(Date.now()) && Number.isInteger(new Date().getTime()))).toBe(true);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
