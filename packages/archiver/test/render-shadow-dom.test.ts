import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { BrowserHost } from '../src/render/index.js';
import { PAGE_TEXT } from '../src/render/in-page.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { BROWSER_UA } from './support/render-site.js';

// A web component as Lit-based ones are (RapiDoc, Shoelace...): its whole UI in its shadow root,
// which it builds in steps after the page loaded, touching nothing outside it; in that root a
// <style> whose text a script split with comments, as Lit marks the bindings in a component's
// styles (`--accent: <!---->rgb(...)`). Like a router, it builds only at its own path, which it
// reads by a name built at run time (beyond a live copy's rewrite of the scripts' reads of the
// address), so its live copy shows nothing and the self-check keeps the snapshot: what the
// snapshot and the check see is asserted.
const COMPONENT_JS = `
customElements.define('api-card', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    if (window[['loc', 'ation'].join('')].pathname !== '/card') return;
    const style = document.createElement('style');
    style.append(':host { display: block; --accent: ', document.createComment(''), 'rgb(200, 30, 40); }\\n',
      'h2 { color: var(--accent); font: 40px sans-serif; margin: 0 0 10px; }');
    root.append(style);
    const title = document.createElement('h2');
    root.append(title);
    let step = 0;
    const next = () => {
      step++;
      title.textContent = 'Step ' + step + ' of 6: pets, orders and users';
      if (step < 6) setTimeout(next, 250);
    };
    next();
  }
});`;
// The same with a closed root (as some design systems' components are): the DOM gives no way in.
const CLOSED_JS = `
customElements.define('closed-card', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'closed' });
    if (window[['loc', 'ation'].join('')].pathname !== '/closed') return;
    root.innerHTML = '<style>p { color: rgb(0, 90, 200); font: 32px sans-serif; }</style><p>Built in a closed root</p>';
  }
});`;
const CLOSED_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Closed</title></head>
<body><closed-card></closed-card><script src="/closed.js"></script></body></html>`;
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Card</title></head>
<body><api-card></api-card><script src="/component.js"></script></body></html>`;

let site: FixtureSite;
const host = new BrowserHost({ userAgent: BROWSER_UA });
beforeAll(async () => {
  site = await serveFixture({
    '/card': { body: PAGE },
    '/component.js': { type: 'text/javascript', body: COMPONENT_JS },
    '/closed': { body: CLOSED_PAGE },
    '/closed.js': { type: 'text/javascript', body: CLOSED_JS },
  });
});
afterAll(async () => {
  await site.close();
  await host.close();
});

describe('a page whose content is in shadow roots', () => {
  it('is read and waited for in its shadow roots, and its snapshot keeps their styles', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/card`, sink, { allowPrivateNetworks: true, retries: 0, renderTimeoutMs: 15_000 });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    const index = sink.text('index.html');
    // The render waited while the shadow root changed (each step 250 ms apart, under the 500 ms of quiet).
    expect(index).toContain('Step 6 of 6');
    // Its text is read: the live copy, which shows nothing, reads as nothing like the page.
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'snapshot', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(render?.candidates?.live?.textMatch).toBeLessThan(0.5);
    // The style's comment is gone from its markup, and the snapshot looks like the page.
    expect(index).toContain('--accent: rgb(200, 30, 40);');
    expect(index).not.toMatch(/<style>[^<]*<!--/);
    expect(render!.check!.pixelDiff).toBeLessThanOrEqual(0.5);
  }, 60_000);

  it('keeps in its snapshot what a closed shadow root showed', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/closed`, sink, { allowPrivateNetworks: true, retries: 0, renderTimeoutMs: 15_000 });
    const render = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render;
    expect(render?.output, JSON.stringify(render)).toBe('snapshot');
    // Written open: nothing runs in a snapshot, and its check reads the text as the page's.
    expect(sink.text('index.html')).toContain('<closed-card><template shadowrootmode="open"><style>p { color: rgb(0, 90, 200);');
    expect(render?.candidates?.live?.textMatch).toBeLessThan(0.5);
    expect(sink.text('index.html')).toContain('<p>Built in a closed root</p>');
    expect(render!.check!.pixelDiff).toBeLessThanOrEqual(0.5);
  }, 60_000);

  it('reads the text its open shadow roots show, nested ones too, and none it hides', async () => {
    const lease = await host.open();
    try {
      const page = await lease.context.newPage();
      await page.setContent(
        `<p>Light words</p><div id="outer"></div><div id="hidden" style="display:none"></div>` +
          `<x-contents id="contents" style="display:contents"></x-contents><div id="slots"><span>Slotted words</span></div>`,
      );
      await page.evaluate(`(() => {
        const outer = document.getElementById('outer').attachShadow({ mode: 'open' });
        outer.innerHTML = '<style>.x { color: red }</style>Loose words <h2>Outer heading</h2><p hidden>Hidden paragraph</p><div id="inner"></div>';
        outer.getElementById('inner').attachShadow({ mode: 'open' }).innerHTML = '<p>Nested words</p>';
        document.getElementById('hidden').attachShadow({ mode: 'open' }).innerHTML = '<p>Never shown</p> never';
        // A host and a wrapper of display: contents have no box of their own; their content shows.
        document.getElementById('contents').attachShadow({ mode: 'open' }).innerHTML = '<div style="display:contents"><p>Wrapped words</p></div>';
        // A slot's fallback shows only when nothing is assigned to it.
        document.getElementById('slots').attachShadow({ mode: 'open' }).innerHTML = '<slot>Replaced fallback</slot><slot name="none">Fallback words</slot>';
      })()`);
      const words = ((await page.evaluate(PAGE_TEXT)) as string).split(/\s+/).filter(Boolean);
      expect(words.sort()).toEqual(
        ['Light', 'words', 'Loose', 'words', 'Outer', 'heading', 'Nested', 'words', 'Wrapped', 'words', 'Slotted', 'words', 'Fallback', 'words'].sort(),
      );
    } finally {
      await lease.close();
    }
  });
});
