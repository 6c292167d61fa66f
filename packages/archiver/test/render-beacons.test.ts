import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// What an analytics script does once the page is up: a beacon (navigator.sendBeacon, as GA4's
// gtag sends its hits), a POST fetch() with keepalive, and a tracking pixel whose address carries
// a random number. A copy opened later must not phone home, and its check must not see it try.
const page = (analytics: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>Spring catalogue</h1><p id="items"></p>
<script>
fetch('/api/items').then((r) => r.json()).then((items) => {
  document.getElementById('items').textContent = items.join(', ');
  navigator.sendBeacon('${analytics}/collect', JSON.stringify({ event: 'page_view' }));
  fetch('${analytics}/collect?v=2', { method: 'POST', body: 'event=view', keepalive: true, mode: 'no-cors' }).catch(() => {});
  new Image().src = '${analytics}/pixel.gif?cb=' + Math.random();
});
</script></body></html>`;

// The analytics service is another site, as it is online.
let site: FixtureSite;
let analytics: FixtureSite;
beforeAll(async () => {
  analytics = await serveFixture({ '/collect': { status: 204 }, '/pixel.gif': { type: 'image/png', body: PNG_1PX } });
  site = await serveFixture({
    '/': { body: page(analytics.origin) },
    '/api/items': { type: 'application/json', body: JSON.stringify(['Linen shirts', 'Straw hats', 'Canvas shoes']) },
  });
});
afterAll(async () => {
  await site.close();
  await analytics.close();
});

describe('a live copy of a page that reports its visits', () => {
  it('sends no beacon, post or pixel offline, and is kept live', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    // The render sent the script's POST and asked for the pixel once; the beacon it refused; the
    // copy's check sent nothing more.
    expect(analytics.hits.get('/collect?v=2')).toBe(1);
    expect(analytics.hits.get('/collect')).toBeUndefined();
    expect([...analytics.hits.keys()].filter((path) => path.startsWith('/pixel.gif'))).toHaveLength(1);
  }, 60_000);
});

// A page that opens a channel to its own site once up, by relative addresses (a chat widget, live
// prices, a build's reload socket): online a refused stream fails and the page goes on. From
// file:// `sendBeacon('/collect')` and `new WebSocket('/socket')` throw, and the script stopped
// there; the copy must go on as the page did.
const CHANNELS = `<!doctype html><html><head><meta charset="utf-8"><title>Prices</title></head>
<body><h1>Live prices</h1><p id="prices"></p><p id="socket"></p><p id="stream"></p>
<script>
fetch('/api/prices').then((r) => r.json()).then((prices) => {
  navigator.sendBeacon('/collect', 'view');
  const socket = new WebSocket('/socket');
  socket.onclose = () => { document.getElementById('socket').textContent = 'Live updates paused (' + (socket.readyState === WebSocket.CLOSED ? 'closed' : 'open') + ').'; };
  const stream = new EventSource('/events');
  stream.addEventListener('error', () => {
    stream.close();
    document.getElementById('stream').textContent = 'News feed unavailable.';
  });
  document.getElementById('prices').textContent = prices.join(', ');
});
</script></body></html>`;

describe('a live copy of a page that opens channels to its site', () => {
  let channels: FixtureSite;
  beforeAll(async () => {
    channels = await serveFixture({
      '/': { body: CHANNELS },
      '/api/prices': { type: 'application/json', body: JSON.stringify(['Oats 3.10', 'Barley 2.75']) },
      '/collect': { status: 204 },
      '/events': { type: 'text/event-stream', body: 'data: hello\n\n' },
    });
  });
  afterAll(() => channels.close());

  it('queues its beacon and fails its socket without a request, as the render did, and is kept live', async () => {
    const { render } = await renderOnce(`${channels.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    // Only the render's own requests reached the site: the page, its data, its event stream
    // (recorded: render-event-streams.test.ts), each once.
    expect(channels.hits.get('/collect')).toBeUndefined();
    expect(channels.hits.get('/events')).toBe(1);
  }, 60_000);
});

// An analytics tag of another site that sends its pixel to where it was loaded from
// (`new URL(document.currentScript.src).origin`): from the copy's folder that is file://, and
// the pixel an address outside the copy, read as one of the page's own site; and a tag that puts
// its image in the page so.
const TAGGED = (tag: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>Summer catalogue</h1><p id="items"></p>
<script>fetch('/api/items').then((r) => r.json()).then((items) => { document.getElementById('items').textContent = items.join(', '); });</script>
<script src="${tag}"></script></body></html>`;
const TAG = (shown: boolean) => `(function () {
  var img = new Image(1, 1);
  img.src = new URL(document.currentScript.src).origin + '/pixel.gif?e=view';
  ${shown ? 'document.body.appendChild(img);' : ''}
})();`;

describe("a live copy of a page whose tag sends its pixel where the tag came from", () => {
  let own: FixtureSite;
  let tags: FixtureSite;
  beforeAll(async () => {
    tags = await serveFixture({
      '/tag.js': { type: 'text/javascript', body: TAG(false) },
      '/tag-shown.js': { type: 'text/javascript', body: TAG(true) },
      '/pixel.gif': { type: 'image/png', body: PNG_1PX },
    });
    own = await serveFixture({
      '/': { body: TAGGED(`${tags.origin}/tag.js`) },
      '/shown': { body: TAGGED(`${tags.origin}/tag-shown.js`) },
      '/api/items': { type: 'application/json', body: JSON.stringify(['Sun hats', 'Sandals']) },
    });
  });
  afterAll(() => Promise.all([own.close(), tags.close()]));

  it('does not fail for a pixel no page shows, asked offline at another address: it is kept live', async () => {
    const { render } = await renderOnce(`${own.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { textMatch: 1, failedRequests: 0, onlineRequests: 0, notSent: 1 } });
  }, 60_000);

  it('fails for an image the page shows that the copy lacks', async () => {
    const { render } = await renderOnce(`${own.origin}/shown`);
    expect(render?.candidates?.live?.failedRequests, JSON.stringify(render)).toBe(1);
  }, 60_000);
});
