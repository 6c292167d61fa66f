import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserHost } from '../src/render/index.js';
import { call, INLINE_CSSOM } from '../src/render/in-page.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// What the top layer shows cannot be written as markup: a modal dialog written out is a dialog
// open in the flow, without its backdrop, and an open popover a hidden one. A snapshot of such a
// page (kept when its live copy fails its check) must still show them where the page drew them.

const MODAL = `<!doctype html><html><head><meta charset="utf-8"><title>Garden centre</title>
<style>
body { font: 16px/1.5 sans-serif; margin: 0; background: #f6f1e7; }
main { max-width: 800px; margin: 0 auto; padding: 2rem; }
dialog { border: 0; border-radius: 12px; padding: 1.5rem 2rem; max-width: 420px; }
dialog::backdrop { background: rgba(20, 40, 20, 0.55); }
</style></head>
<body><main><h1>Hawthorn Lane Garden Centre</h1><p>Open every day from nine until five.</p>
<p>This week: bare-root roses, winter bedding and the Christmas tree field.</p></main>
<dialog id="welcome"><h2>Welcome back!</h2><p>Members get 10% off everything this weekend.</p></dialog>
<script>document.getElementById('welcome').showModal();</script></body></html>`;

const POPOVER = `<!doctype html><html><head><meta charset="utf-8"><title>Library hours</title>
<style>body { font: 16px/1.5 sans-serif; margin: 2rem; } [popover] { border: 2px solid #345; background: #fffbe6; inset: auto 2rem 2rem auto; margin: 0; }</style></head>
<body><h1>Kirkby Town Library</h1><p>Monday to Friday 9:00 to 19:00, Saturday 10:00 to 16:00.</p>
<div id="note" popover="manual"><strong>Notice:</strong> the library closes at 13:00 on 24 December.</div>
<script>document.getElementById('note').showPopover();</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({ '/modal': { body: MODAL }, '/popover': { body: POPOVER } });
});
afterAll(() => site.close());

describe('a snapshot of a page whose script opened', () => {
  it.each([
    ['a modal dialog over a backdrop', '/modal'],
    ['a popover', '/popover'],
  ])('%s shows it as the page did, over the page', async (_what, path) => {
    const { render } = await renderOnce(`${site.origin}${path}`, { checkSnapshots: true, renderTimeoutMs: 30_000 });
    const snapshot = render?.candidates?.snapshot;
    expect(snapshot, JSON.stringify(render)).toMatchObject({ textMatch: 1, failedRequests: 0, onlineRequests: 0 });
    // Written as markup alone: 88 % of the pixels off for the dialog (its backdrop gone), the popover missing.
    expect(snapshot?.pixelDiff, JSON.stringify(render)).toBeLessThanOrEqual(0.5);
  }, 60_000);
});

describe('the box that stands for a backdrop', () => {
  it('is made for a backdrop that shows, and hidden once its dialog closes; none for a transparent one', async () => {
    const host = new BrowserHost();
    try {
      const { context } = await host.open();
      const page = await context.newPage();
      await page.setContent(MODAL + POPOVER.replace(/^<!doctype html>/, ''));
      await page.evaluate(call(INLINE_CSSOM));
      // The modal's backdrop is a box, hidden while the dialog is still in the top layer; the popover's (transparent) is none.
      expect(await page.evaluate(`[...document.querySelectorAll('div[data-sitezip="backdrop"]')].map((box) => [box.nextElementSibling.id, getComputedStyle(box).display])`)).toEqual([['welcome', 'none']]);
      // Out of the top layer, as in the snapshot: shown; gone once the dialog is closed.
      await page.evaluate(`(() => { const dialog = document.getElementById('welcome'); dialog.close(); dialog.setAttribute('open', ''); })()`);
      expect(await page.evaluate(`getComputedStyle(document.querySelector('div[data-sitezip="backdrop"]')).display`)).toBe('block');
      await page.evaluate(`document.getElementById('welcome').removeAttribute('open')`);
      expect(await page.evaluate(`getComputedStyle(document.querySelector('div[data-sitezip="backdrop"]')).display`)).toBe('none');
    } finally {
      await host.close();
    }
  }, 60_000);
});
