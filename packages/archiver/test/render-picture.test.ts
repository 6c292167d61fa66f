import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { BrowserHost } from '../src/render/index.js';
import { PICTURE_HEIGHT, pictureSession, screenshot } from '../src/render/picture.js';
import { BROWSER_UA } from './support/render-site.js';

const host = new BrowserHost({ userAgent: BROWSER_UA });
afterAll(() => host.close());

// A tall page that never stops moving: a finite animation, an infinite one, a transition, a caret.
const MOVING = `<!doctype html><style>
  body { margin: 0; height: 3200px; background: linear-gradient(#fff, #9cf); }
  @keyframes slide { from { transform: translateX(0); background: red } to { transform: translateX(600px); background: blue } }
  @keyframes spin { to { transform: rotate(360deg) } }
  .once { width: 80px; height: 80px; animation: slide 30s forwards; }
  .ever { width: 80px; height: 80px; margin: 40px; background: green; animation: spin 0.7s linear infinite; }
  .fade { width: 200px; height: 40px; background: orange; transition: opacity 20s; }
</style>
<div class="once"></div><div class="ever"></div><div class="fade" id="fade"></div><input autofocus value="text">
<p style="margin-top: 2000px">far down</p>
<script>requestAnimationFrame(() => { document.getElementById('fade').style.opacity = '0.2'; });</script>`;

describe('a page picture', () => {
  it('shows what page.screenshot with animations disabled shows, and the same bytes each time however the page moves', async () => {
    const lease = await host.open();
    try {
      const page = await lease.context.newPage();
      await page.setContent(MOVING);
      const session = pictureSession(page);
      const playwright = PNG.sync.read(
        await page.screenshot({ clip: { x: 0, y: 0, width: 1280, height: PICTURE_HEIGHT }, fullPage: true, animations: 'disabled', caret: 'hide' }),
      );
      const first = await screenshot(page, session);
      const second = await screenshot(page, session);
      expect(second.equals(first)).toBe(true);
      const ours = PNG.sync.read(first);
      expect([ours.width, ours.height]).toEqual([1280, PICTURE_HEIGHT]);
      expect(ours.data.equals(playwright.data)).toBe(true);
    } finally {
      await lease.close();
    }
  });

  it('is as tall as a short page', async () => {
    const lease = await host.open();
    try {
      const page = await lease.context.newPage();
      await page.setContent('<!doctype html><body style="margin:0"><div style="height:300px;background:#c00"></div>');
      const png = PNG.sync.read(await screenshot(page, pictureSession(page)));
      expect([png.width, png.height]).toEqual([1280, 800]);
    } finally {
      await lease.close();
    }
  });
});
