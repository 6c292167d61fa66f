import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../src/fetch/http-fetcher.js';
import { parseOptions } from '../src/options.js';
import { BrowserHost, parseRenderLimits, renderPage, type RenderResult } from '../src/render/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// A single page's capture reads the page as soon as it has been quiet for a short time, and makes
// and checks its copy while the render waits out the rest of the quiet (render-page.ts, drive).
// That read is the page only if nothing changed before the quiet ended: a page that writes again
// in between must be saved, and checked, as it ended.

const TIMETABLE = 'The 8:15 to Harwich leaves from platform 4, calling at Colchester and Manningtree';
const pages = {
  // Built once by its script, then still.
  still: `<!doctype html><html><head><meta charset="utf-8"><title>Harbour ferries</title></head>
<body><h1>Harbour ferries</h1><ul id="crossings"></ul>
<script>
document.getElementById('crossings').innerHTML = ['Hook of Holland, 23:00', 'Esbjerg, Tuesdays and Fridays', 'Rotterdam, 21:00']
  .map((crossing) => '<li>' + crossing + '</li>').join('');
</script></body></html>`,
  // Still for a while after it loads, then written again: `late` past the early read's 150 ms of
  // quiet (and the seconds a loaded machine takes to make it) and short of the render's quiet,
  // which the test makes longer, by a timer set for later than the render waits for (a sooner
  // one holds the quiet until it ran: in-page.ts, PENDING_TIMERS); `soon` within the default
  // quiet of 500 ms, as a capture meets it, from a request of its own.
  late: departures(3_500),
  soon: departures(500, true),
  // Its data comes at once, and what it holds is shown 1.2 s later: past the render's quiet, so
  // read at its quiet it was the page without it, and saved so.
  delayed: departures(1_200, true, 'after its data'),
};

function departures(ms: number, fetched = false, wait: 'before its data' | 'after its data' = 'before its data'): string {
  const board = fetched ? `fetch('/board.json').then((response) => response.json())` : `Promise.resolve(${JSON.stringify(TIMETABLE)})`;
  const show = `document.getElementById('board').textContent = text;`;
  const script =
    wait === 'before its data' ? `setTimeout(() => ${board}.then((text) => { ${show} }), ${ms});` : `${board}.then((text) => setTimeout(() => { ${show} }, ${ms}));`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Departures</title></head>
<body><h1>Departures</h1><p id="board">Loading the departure board…</p>
<script>
${script}
</script></body></html>`;
}

let site: FixtureSite;
let host: BrowserHost;
let fetcher: HttpFetcher;
beforeAll(async () => {
  site = await serveFixture({ '/still': { body: pages.still }, '/late': { body: pages.late }, '/soon': { body: pages.soon }, '/delayed': { body: pages.delayed }, '/board.json': { type: 'application/json', body: JSON.stringify(TIMETABLE) } });
  host = new BrowserHost();
  fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0 }));
}, 60_000);
afterAll(async () => {
  await host?.close();
  await fetcher?.close();
  await site?.close();
});

async function renderEarly(path: string, quietMs = 500): Promise<{ early: RenderResult | undefined; result: RenderResult }> {
  let early: RenderResult | undefined;
  const result = await renderPage(`${site.origin}${path}`, {
    fetcher,
    host,
    signal: new AbortController().signal,
    limits: parseRenderLimits({ totalTimeoutMs: 40_000, quietMs, settleTimeoutMs: 15_000 }),
    onEarlyRead: (read) => (early = read),
  });
  await result.closed;
  return { early, result };
}

describe('an early read of a rendered page', () => {
  it('is the render\'s result when the page stays as read, its picture taken once the quiet ended', async () => {
    const { early, result } = await renderEarly('/still');
    expect(early).toBeDefined();
    expect(result).toBe(early);
    expect(result.settled).toBe(true);
    expect(result.html).toContain('<li>Esbjerg, Tuesdays and Fridays</li>');
    expect(result.picture?.text).toContain('Rotterdam, 21:00');
    const png = await result.picture!.png;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it('gives way to a later read when the page writes again before its quiet ends; its own picture never comes', async () => {
    const { early, result } = await renderEarly('/late', 5_000);
    expect(early!.html).toContain('Loading the departure board…');
    expect(result).not.toBe(early);
    expect(result.settled).toBe(true);
    expect(result.html).toContain(TIMETABLE);
    expect(result.picture?.text).toContain(TIMETABLE);
    await expect(result.picture!.png).resolves.toBeInstanceOf(Buffer);
    await expect(early!.picture!.png).rejects.toThrow(/changed/);
  }, 60_000);

  it("leaves a single page's copy checked against the page as it ended", async () => {
    // Whether the early read comes before the write or after it depends on the machine: the copy is right either way.
    const { render } = await renderOnce(`${site.origin}/soon`, { renderTimeoutMs: 30_000 });
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', settled: true, check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(render?.check?.pixelDiff).toBeLessThanOrEqual(0.5);
    // The manifest tells how the render ended, whichever read it kept: the board's request counts.
    expect(render?.requests).toBe(2);
  }, 60_000);

  it('waits for what the page shows a moment after its data came (a timer of 1.2 s): the page is read, and pictured, with it', async () => {
    expect(pages.delayed).toContain('}, 1200));');
    const { result } = await renderEarly('/delayed');
    expect(result.settled).toBe(true);
    expect(result.html).toContain(TIMETABLE);
    expect(result.picture?.text).toContain(TIMETABLE);
  }, 60_000);
});
