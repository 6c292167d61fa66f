import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';

// Quiet is no request in flight and no DOM change for 500 ms. Two ways a page looked quiet while
// it was still building: a long task (an app's bundle booting) changes nothing and asks for
// nothing while it runs, and the render's question waits for its end; and a same-origin frame
// (a component explorer's preview) builds itself while the page around it is still.
const LONG_TASK = `<!doctype html><html><head><meta charset="utf-8"><title>Booting</title></head><body><div id="root"></div>
<script>
  const busy = (ms) => { const until = performance.now() + ms; while (performance.now() < until) {} };
  addEventListener('load', () => setTimeout(() => {
    busy(1000);
    setTimeout(() => fetch('/data.json').then((r) => r.json()).then((data) => { document.getElementById('root').textContent = data.text; }), 300);
  }, 100));
</script></body></html>`;

const FRAMED = `<!doctype html><html><head><meta charset="utf-8"><title>Explorer</title></head><body>
<h1>Component explorer</h1><iframe id="preview" src="/preview.html" width="600" height="200"></iframe></body></html>`;
const PREVIEW = `<!doctype html><html><head><meta charset="utf-8"><title>Preview</title></head><body><div id="story"></div>
<script>
  let step = 0;
  const next = () => {
    step++;
    document.getElementById('story').textContent = 'Story drawn in ' + step + ' of 6 steps';
    if (step < 6) setTimeout(next, 300);
  };
  addEventListener('load', () => setTimeout(next, 300));
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/booting': { body: LONG_TASK },
    '/data.json': { type: 'application/json', body: JSON.stringify({ text: 'Built after the bundle booted' }) },
    '/explorer': { body: FRAMED },
    '/preview.html': { body: PREVIEW },
  });
});
afterAll(() => site.close());

async function capture(path: string) {
  const sink = new MemorySink();
  await archivePage(`${site.origin}${path}`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 20_000 });
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  return { sink, render: manifest.resources[0]?.render };
}

describe('a page that is busy without changing anything', () => {
  it('is waited for through a long task, until what it builds after is there', async () => {
    const { sink, render } = await capture('/booting');
    expect(render?.check, JSON.stringify(render)).toMatchObject({ textMatch: 1, failedRequests: 0 });
    const saved = render?.output === 'live' ? sink.text('sitezip-replay.js') : sink.text('index.html');
    expect(saved).toContain(render?.output === 'live' ? 'data.json' : 'Built after the bundle booted');
    expect(site.hits.get('/data.json')).toBe(1);
  }, 60_000);

  it('is waited for while its same-origin frame builds itself', async () => {
    const { sink } = await capture('/explorer');
    const preview = [...sink.files.keys()].find((path) => path.endsWith('/preview.html'));
    expect(sink.text(preview ?? 'preview.html')).toContain('Story drawn in 6 of 6 steps');
  }, 60_000);
});
