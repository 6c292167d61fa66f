import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../src/fetch/http-fetcher.js';
import { parseOptions } from '../src/options.js';
import { BrowserHost, parseRenderLimits, renderPage, type RenderLimitsInput, type RenderResult } from '../src/render/index.js';
import type { Fetcher } from '../src/fetch/fetcher.js';
import {
  BROWSER_UA,
  countConnections,
  countDatagrams,
  FETCHER_UA,
  serveRecorded,
  serveWebSocket,
  withPages,
  type Listener,
  type RecordedSite,
} from './support/render-site.js';

// Pages that attack the renderer. Each test says what the page tries and what must not happen;
// the fixture servers count what reached them.

const MB = 1024 * 1024;
const page = (script: string, head = '') =>
  `<!doctype html><html><head><title>hostile</title>${head}</head><body><ol id="log"></ol><script>
const add = (line) => { const item = document.createElement('li'); item.textContent = line; document.getElementById('log').append(item); };
${script}
</script></body></html>`;

const NORMAL = page(`add('built by script');`);

let host: BrowserHost;
let fetcher: HttpFetcher;
const servers: { close(): Promise<void> }[] = [];

beforeAll(() => {
  host = new BrowserHost({ userAgent: BROWSER_UA, maxMemoryBytes: 1024 * MB });
  fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0, userAgent: FETCHER_UA }));
});

afterAll(async () => {
  await host?.close();
  await fetcher?.close();
  await Promise.all(servers.map((server) => server.close()));
});

async function serve(routes: Parameters<typeof serveRecorded>[0]): Promise<RecordedSite> {
  const site = await serveRecorded(routes);
  servers.push(site);
  return site;
}

async function listen(listener: Promise<Listener>): Promise<Listener> {
  const ready = await listener;
  servers.push(ready);
  return ready;
}

function render(url: string, limits: RenderLimitsInput = {}, using: Fetcher = fetcher): Promise<RenderResult> {
  return renderPage(url, { fetcher: using, host, signal: new AbortController().signal, limits: parseRenderLimits(limits) });
}

/** The host still renders after a page did its worst. */
async function expectNextRenderWorks(site: RecordedSite): Promise<void> {
  const next = await render(`${site.origin}/normal`);
  expect(next.html).toContain('<li>built by script</li>');
}

/** Paths the server was asked for, in order, query included. */
const asked = (site: RecordedSite) => [...site.hits.keys()];

describe('doors that are not HTTP stay shut', () => {
  let site: RecordedSite;
  let sockets: Listener;
  let stun: Listener;
  let preconnect: Listener;
  let result: RenderResult;
  let held: ServerResponse | undefined;

  beforeAll(async () => {
    sockets = await listen(serveWebSocket());
    stun = await listen(countDatagrams());
    preconnect = await listen(countConnections());
    const worker = `const s = new WebSocket('ws://127.0.0.1:${sockets.port}/'); s.onclose = () => postMessage('closed'); s.onerror = () => postMessage('failed');`;
    const hints = [
      `<link rel="preconnect" href="http://127.0.0.1:${preconnect.port}">`,
      `<link rel="preconnect" href="http://localhost:${preconnect.port}">`,
      `<link rel="dns-prefetch" href="http://localhost:${preconnect.port}">`,
    ].join('');
    site = await serve({
      '/': {
        body: page(
          `
// A request held open until every attempt below has its outcome: the render waits for them all.
fetch('/hold');
let outcomes = 0;
const outcome = (line) => { add(line); if (++outcomes === 7) fetch('/release'); };
const socket = new WebSocket('ws://127.0.0.1:${sockets.port}/');
socket.onclose = (event) => outcome('page websocket closed ' + event.code);
const worker = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' })));
worker.onmessage = (event) => outcome('worker websocket ' + event.data);
const events = new EventSource('/events');
events.onmessage = (event) => { events.close(); outcome('event source read ' + event.data); };
events.onerror = () => { events.close(); outcome('event source failed'); };
navigator.serviceWorker.register('/sw.js').then((r) => outcome('service worker ' + (r ? 'registered' : 'not registered')), () => outcome('service worker refused'));
const frame = document.createElement('iframe');
document.body.append(frame);
frame.contentWindow.navigator.serviceWorker.register('/sw-from-frame.js')
  .then((r) => outcome('frame service worker ' + (r ? 'registered' : 'not registered')), () => outcome('frame service worker refused'));
fetch('file:///etc/passwd').then(() => outcome('file read'), () => outcome('file refused'));
const peer = new RTCPeerConnection({ iceServers: [
  { urls: 'stun:127.0.0.1:${stun.port}' },
  { urls: 'turn:127.0.0.1:${stun.port}?transport=udp', username: 'u', credential: 'c' },
] });
peer.createDataChannel('data');
peer.onicegatheringstatechange = () => { if (peer.iceGatheringState === 'complete') outcome('ice gathering complete'); };
peer.createOffer().then((offer) => peer.setLocalDescription(offer));
`,
          hints,
        ),
      },
      '/hold': { handle: (_request, response) => void (held = response) },
      '/release': { handle: (_request, response) => void (held?.end('released'), response.end('ok')) },
      '/events': { type: 'text/event-stream', body: 'data: hello\n\n' },
      '/sw.js': { type: 'text/javascript', body: '' },
      '/sw-from-frame.js': { type: 'text/javascript', body: '' },
    });
    result = await render(site.url);
  });

  it('the page ran every attempt to the end', () => {
    for (const line of ['page websocket closed 1008', 'event source read hello', 'file refused', 'ice gathering complete']) {
      expect(result.html).toContain(`<li>${line}</li>`);
    }
    expect(result.html).toMatch(/<li>worker websocket (closed|failed)<\/li>/);
    expect(result.html).toMatch(/<li>service worker (not registered|refused)<\/li>/);
    expect(result.html).toMatch(/<li>frame service worker (not registered|refused)<\/li>/);
  });

  it('WebSockets, from the page or a worker, never reach the WebSocket server', () => {
    expect(sockets.count()).toBe(0);
    expect(result.blocked).toContainEqual(expect.objectContaining({ url: `ws://127.0.0.1:${sockets.port}/`, reason: 'live-stream' }));
  });

  it('an EventSource asks through the fetcher, as a fetch() (render-event-streams.test.ts), not by a stream of its own', () => {
    expect(result.exchanges).toContainEqual(expect.objectContaining({ url: `${site.origin}/events`, resourceType: 'fetch' }));
    expect(result.blocked.filter((request) => request.resourceType === 'eventsource')).toEqual([]);
  });

  it('no service worker script is fetched, from the page or an about:blank frame', () => {
    expect(asked(site).sort()).toEqual(['/', '/events', '/hold', '/release']);
  });

  it('WebRTC sends no STUN or TURN packet', () => {
    expect(stun.count()).toBe(0);
  });

  it('preconnect and dns-prefetch hints open no connection', () => {
    expect(preconnect.count()).toBe(0);
  });

  it('file: URLs are not read', () => {
    expect(result.exchanges.map((exchange) => new URL(exchange.url).pathname).sort()).toEqual(['/', '/events', '/hold', '/release']);
  });
});

describe('the fetcher’s address guard applies to the page’s requests', () => {
  it('metadata and loopback addresses in any spelling are refused, and the local server sees nothing', async () => {
    const local = await serve({ '/mapped.png': { type: 'image/png', body: '' } });
    const port = new URL(local.origin).port;
    const guarded = new HttpFetcher(parseOptions({ allowPrivateNetworks: false, retries: 0, userAgent: FETCHER_UA }));
    // The page itself comes from memory, as if from a public site; everything it asks for meets the guard.
    const pageUrl = 'http://public.example/';
    const hostile = page(
      `
fetch('http://169.254.169.254/latest/meta-data/').then(() => add('metadata answered'), () => add('metadata refused'));
fetch('http://2130706433:${port}/decimal').then(() => add('decimal answered'), () => add('decimal refused'));
const stream = new EventSource('http://169.254.169.254/latest/events');
stream.onopen = () => add('metadata stream answered');
stream.onerror = () => { stream.close(); add('metadata stream refused'); };
`,
      `<img src="http://[::ffff:127.0.0.1]:${port}/mapped.png"><img src="http://127.0.0.1:${port}/plain.png">`,
    );
    try {
      const result = await render(pageUrl, {}, withPages({ [pageUrl]: { type: 'text/html', body: hostile } }, guarded));
      expect(result.html).toContain('<li>metadata refused</li>');
      expect(result.html).toContain('<li>decimal refused</li>');
      expect(result.html).toContain('<li>metadata stream refused</li>');
      const refused = result.blocked.filter((request) => request.code === 'FORBIDDEN_ADDRESS').map((request) => request.url);
      expect(new Set(refused)).toEqual(
        new Set([
          'http://169.254.169.254/latest/meta-data/',
          'http://169.254.169.254/latest/events',
          `http://127.0.0.1:${port}/decimal`,
          `http://[::ffff:7f00:1]:${port}/mapped.png`,
          `http://127.0.0.1:${port}/plain.png`,
        ]),
      );
      expect(local.connections()).toBe(0);
    } finally {
      await guarded.close();
    }
  });
});

describe('pages that would hold the browser', () => {
  it('an endless loop ends at the cap with a timeout, and the next render works', async () => {
    const site = await serve({ '/': { body: page(`for (;;) {}`) }, '/normal': { body: NORMAL } });
    const started = performance.now();
    await expect(render(site.url, { totalTimeoutMs: 3_000, snapshotReserveMs: 1_000 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringMatching(/did not finish within 3 s/),
    });
    expect(performance.now() - started).toBeLessThan(3_000 + 1_500);
    await expectNextRenderWorks(site);
  });

  it('a control whose press loops for ever: the page is saved as read, its tab is closed, and the next render works', async () => {
    const site = await serve({
      '/': { body: page(`add('built by script'); const button = document.createElement('button'); button.textContent = 'Recalculate'; button.onclick = () => { for (;;) {} }; document.body.append(button);`) },
      '/normal': { body: NORMAL },
    });
    const started = performance.now();
    const result = await render(site.url, { totalTimeoutMs: 10_000, snapshotReserveMs: 1_000 });
    expect(result.html).toContain('<li>built by script</li>');
    // Pictured before the press, which hangs the tab: it is given back well before the render's cap.
    await result.closed;
    expect(performance.now() - started).toBeLessThan(10_000);
    await expectNextRenderWorks(site);
  });

  it('a memory bomb gets the browser killed at its memory limit, and the next render starts another', async () => {
    const site = await serve({
      // It also keeps changing the DOM, so the render cannot settle and leave before the limit is hit.
      '/': { body: page(`const keep = []; setInterval(() => { keep.push(new Uint8Array(64 << 20).fill(1)); add(keep.length); }, 5);`) },
      '/normal': { body: NORMAL },
    });
    const before = host.usage()?.pid;
    await expect(render(site.url)).rejects.toMatchObject({ code: 'TOO_LARGE', message: expect.stringMatching(/more than 1024 MB of browser memory/) });
    await expectNextRenderWorks(site);
    expect(host.usage()?.pid).not.toBe(before);
  });

  it('a DOM bomb is stopped at the size limit of the DOM', async () => {
    const bomb = `const grow = () => { for (let i = 0; i < 2000; i++) document.body.appendChild(document.createElement('p')).textContent = 'bomb'; setTimeout(grow, 0); }; grow();`;
    const site = await serve({ '/': { body: page(bomb) }, '/normal': { body: NORMAL } });
    // Room for the frames a visible tab draws of a DOM that grows without end (the two scroll
    // steps wait for them): with a 6 s cap the test failed once beside the other render files.
    const limits = { totalTimeoutMs: 10_000, settleTimeoutMs: 1_000, maxScrollSteps: 2, maxHtmlBytes: MB / 4 };
    await expect(render(site.url, limits)).rejects.toMatchObject({ code: 'TOO_LARGE', message: expect.stringMatching(/rendered page is \d+ characters/) });
    await expectNextRenderWorks(site);
  });
});

describe('frames that would hold the render', () => {
  it('a flood of frames and a frame of another site that never yields: 20 frames read at most, the page saved', async () => {
    const spinning = await serve({ '/spin.html': { body: page(`add('spinning'); setTimeout(() => { for (;;) {} }, 50);`) } });
    // Another site (localhost against 127.0.0.1): its frame runs in a process of its own.
    const spinUrl = `${spinning.url.replace('127.0.0.1', 'localhost')}spin.html`;
    // The spinning frame first: it is the first read, and takes its whole 2 s.
    const flood = `const spin = document.body.appendChild(document.createElement('iframe'));
spin.src = ${JSON.stringify(spinUrl)};
for (let i = 0; i < 60; i++) {
  const frame = document.body.appendChild(document.createElement('iframe'));
  frame.contentDocument.body.textContent = 'frame ' + i;
}
add('flooded');`;
    const site = await serve({ '/': { body: page(flood) }, '/normal': { body: NORMAL } });
    const result = await render(site.url, { totalTimeoutMs: 15_000 });
    expect(spinning.seen.map(({ path }) => path)).toEqual(['/spin.html']);
    expect(result.html).toContain('flooded');
    const written = result.html.match(/srcdoc="[^"]*frame \d+/g) ?? [];
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThanOrEqual(20);
    // The spinning frame's document was not read: its element keeps its address, with no mark.
    expect(result.frames.map(({ url }) => url)).not.toContain(spinUrl);
    expect(result.html).not.toContain('data-sitezip-frame');
    await expectNextRenderWorks(site);
  });
});

describe('pages that reach outside themselves', () => {
  it('workers that start workers without end are stopped at 32, the page is saved, and the next render works', async () => {
    // Each worker starts two more of itself: the render starts them from the page on the
    // workers' behalf (render/worker-routing.ts), which starts no more than 32.
    const site = await serve({
      '/': { body: page(`new Worker('/bomb.js'); add('started');`) },
      '/bomb.js': { type: 'text/javascript', body: `new Worker('/bomb.js'); new Worker('/bomb.js'); new Uint8Array(4 << 20).fill(1); postMessage('up');` },
      '/normal': { body: NORMAL },
    });
    const started = performance.now();
    const result = await render(site.url, { totalTimeoutMs: 8_000 });
    expect(result.html).toContain('<li>started</li>');
    expect(performance.now() - started).toBeLessThan(8_000);
    // One fetch of the script for the whole render, however many workers ran it.
    expect(site.hits.get('/bomb.js')).toBe(1);
    await expectNextRenderWorks(site);
  });

  it('a window.open flood opens no window and requests nothing', async () => {
    const flood = `let opened = 0; for (let i = 0; i < 50; i++) if (window.open('/popup?' + i)) opened++;
const link = Object.assign(document.createElement('a'), { href: '/popup-link', target: '_blank' }); document.body.append(link); link.click();
add('windows opened: ' + opened);`;
    const site = await serve({ '/': { body: page(flood) } });
    const result = await render(site.url);
    expect(result.html).toContain('<li>windows opened: 0</li>');
    expect(result.events.popupsClosed).toBe(0);
    expect(asked(site)).toEqual(['/']);
  });

  it('an alert flood is dismissed and the page goes on', async () => {
    const site = await serve({ '/': { body: page(`for (let i = 0; i < 50; i++) alert(i); add('confirm: ' + confirm('?')); add('prompt: ' + prompt('?'));`) } });
    const result = await render(site.url);
    expect(result.events.dialogsDismissed).toBe(52);
    expect(result.html).toContain('<li>confirm: false</li><li>prompt: null</li>');
  });

  it('navigating the page away after it loaded is aborted, and the page stays', async () => {
    const away = `addEventListener('scroll', () => { location.href = '/elsewhere'; }, { once: true }); document.body.style.height = '5000px'; add('stayed');`;
    const site = await serve({ '/': { body: page(away) }, '/elsewhere': { body: 'elsewhere' } });
    const result = await render(site.url);
    expect(result.events.navigationsBlocked).toBe(1);
    expect(result.blocked).toContainEqual(expect.objectContaining({ url: `${site.origin}/elsewhere`, reason: 'navigation' }));
    expect(result.locationHref).toBe(site.url);
    expect(result.html).toContain('<li>stayed</li>');
    expect(asked(site)).toEqual(['/']);
  });

  it('a download clicked by script is refused and never requested', async () => {
    const click = `addEventListener('load', () => { const a = Object.assign(document.createElement('a'), { href: '/file.bin', download: 'file.bin' }); document.body.append(a); a.click(); add('clicked'); });`;
    const site = await serve({ '/': { body: page(click) }, '/file.bin': { type: 'application/octet-stream', body: 'secret' } });
    const result = await render(site.url);
    expect(result.html).toContain('<li>clicked</li>');
    expect(result.events.downloadsRefused).toBe(1);
    expect(asked(site)).toEqual(['/']);
  });
});
