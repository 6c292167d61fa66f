import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivePage, archiveSite, MemorySink, type ArchiveOptionsInput, type Manifest } from '../src/index.js';
import { PNG_1PX, serveFixture, type FixtureSite } from './support/fixture-site.js';
import { RENDER_FIXTURES_DIR } from './support/render-fixtures.js';

/** The first pixel of a PNG data: URL, as RGBA. */
const pixelOf = (url: string): number[] => [...PNG.sync.read(Buffer.from(url.split(',')[1] ?? '', 'base64')).data.subarray(0, 4)];

const FONT = readFileSync(`${RENDER_FIXTURES_DIR}script-loaded/fonts/inter-latin-400-normal.woff2`);

// A small app: the served HTML is an empty shell; its script fetches JSON and builds the page,
// with an image and links to its other "routes" that exist only once the script ran.
const shell = (title: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/app.css"></head>` +
  `<body><div id="root"></div><script src="/app.js"></script></body></html>`;
const APP_JS = `
try { new WebSocket('ws://' + location.host + '/live'); } catch {}
const path = window[['loc', 'ation'].join('')].pathname;
fetch('/api/page' + (path === '/' ? '/home' : path) + '.json')
  .then((r) => r.json())
  .then((data) => {
    const root = document.getElementById('root');
    root.innerHTML = '<h1>' + data.heading + '</h1><img src="/logo.png" alt="logo">' +
      data.links.map((l) => '<a href="' + l + '">' + l + '</a>').join(' ');
    root.querySelector('h1').addEventListener('click', () => alert('hi'));
  });`;
const STATIC_PAGE = `<!doctype html><title>Plain</title><h1>A page whose HTML is the page</h1>
<p>${'It has plenty of text of its own, written on the server, and a small script for a menu. '.repeat(3)}</p>
<script>document.documentElement.dataset.menu = 'ready'</script>`;

// What lives only in the CSSOM or a canvas: rules added with insertRule into an empty <style>
// (styled-components, emotion), a sheet a shadow root adopted (Lit), a chart drawn on a canvas,
// fonts added through the FontFace API (from a URL, and from bytes the script fetched).
// Like a router, it builds the page only at its own path, read by a name built at run time
// (beyond a live copy's rewrite of the scripts' reads of the address): from file:// the live copy
// stays empty, and the self-check keeps the snapshot.
const STYLED_JS = `
if (window[['loc', 'ation'].join('')].pathname === '/styled') {
const style = document.head.appendChild(document.createElement('style'));
style.sheet.insertRule('.title { color: rgb(10, 20, 30) }');
const root = document.getElementById('root');
root.innerHTML = '<h1 class="title">Styled by script</h1><x-card></x-card><canvas width="20" height="10"></canvas>';
const shadow = root.querySelector('x-card').attachShadow({ mode: 'open' });
const sheet = new CSSStyleSheet();
sheet.replaceSync('p { margin: 7px }');
shadow.adoptedStyleSheets = [sheet];
shadow.innerHTML = '<p>In the shadow</p>';
const ctx = root.querySelector('canvas').getContext('2d');
ctx.fillStyle = 'red';
ctx.fillRect(0, 0, 20, 10);
// A WebGL canvas, drawn once: its buffer is cleared once shown unless kept.
const gl = root.appendChild(Object.assign(document.createElement('canvas'), { id: 'gl', width: 8, height: 8 })).getContext('webgl');
gl.clearColor(0, 0, 1, 1);
gl.clear(gl.COLOR_BUFFER_BIT);
// Form fields the script filled in: their state is in properties, not in the markup.
root.insertAdjacentHTML('beforeend', '<input id="q" value="typed"><input id="c" type="checkbox" checked><textarea id="t">first</textarea>'
  + '<select id="s"><option selected>one</option><option>two</option></select>');
document.getElementById('q').value = 'Set by script';
document.getElementById('c').checked = false;
document.getElementById('t').value = 'Filled in';
document.getElementById('s').value = 'two';
const byUrl = new FontFace('Scripted Sans', 'url(fonts/scripted.woff2) format("woff2")', { weight: '400' });
const byBytes = fetch('/fonts/scripted.woff2').then((r) => r.arrayBuffer()).then((bytes) => new FontFace('Bytes Sans', bytes).load());
// A chart's bar that grows in over 0.8 s once the page is built, as charts animate in: no node changes meanwhile.
root.appendChild(Object.assign(document.createElement('canvas'), { id: 'bar', width: 4, height: 40 }));
Promise.all([byUrl.load(), byBytes]).then((faces) => {
  for (const face of faces) document.fonts.add(face);
  document.querySelector('h1').style.fontFamily = '"Scripted Sans"';
  document.querySelector('x-card').style.fontFamily = '"Bytes Sans"';
  const bar = document.getElementById('bar').getContext('2d');
  const start = performance.now();
  const grow = (now) => {
    const height = Math.max(0, Math.min(40, Math.round(((now - start) / 800) * 40)));
    bar.clearRect(0, 0, 4, 40);
    bar.fillStyle = 'rgb(0, 128, 0)';
    bar.fillRect(0, 40 - height, 4, height);
    if (height < 40) requestAnimationFrame(grow);
  };
  requestAnimationFrame(grow);
});
}`;
// An article written on the server whose comments its inline script fetches in once loaded:
// its text passes for the page's, and from a folder its comments would stay empty.
const ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>Article</title></head><body>
<article><h1>Walking the coast</h1><p>${'A day along the cliffs, written on the server and readable without any script. '.repeat(4)}</p></article>
<ul id="comments"></ul>
<script>fetch('/api/comments').then((r) => r.text()).then((html) => { document.getElementById('comments').innerHTML = html; });</script>
</body></html>`;
// The same article, its reviews filled by a script file of its own: `auto` reads the site's own
// scripts before it decides. Another written page's script file only opens a menu: it stays static.
const REVIEWED = ARTICLE.replace('<ul id="comments"></ul>', '<section id="reviews">Loading reviews…</section>')
  .replace(/<script>.*<\/script>/, '<script src="/js/reviews.js" defer></script>');
const REVIEWS_JS = `const list = document.getElementById('reviews');
fetch('/api/reviews.json').then((r) => r.json()).then((reviews) => { list.innerHTML = reviews.map((r) => '<p>' + r + '</p>').join(''); });`;
// A written page whose classic script file import()s a module by its written address and one by
// an address it computes: from file:// a classic script's import() has no base to resolve by.
const LAZY_PAGE = STATIC_PAGE.replace(/<script>.*<\/script>/, '<p id="lazy"></p><script src="/js/lazy.js"></script>');
const LAZY_JS = `const name = ['wid', 'get'].join('');
Promise.all([import('./parts/greeting.js'), import('./parts/' + name + '.js')]).then(([greeting, widget]) => {
  document.getElementById('lazy').textContent = greeting.text + ' / ' + widget.text;
});`;
const REVIEWS = JSON.stringify(['Five stars, read from a script file', 'Would walk again']);
const MENU_PAGE = STATIC_PAGE.replace(/<script>.*<\/script>/, '<button id="menu">Menu</button><script src="/js/menu.js"></script>');
const MENU_JS = `document.getElementById('menu').addEventListener('click', () => document.body.classList.toggle('open'));`;

// An API-docs page: its script fetches a document by a relative address and builds the page
// from it, whatever the path. Its live copy runs offline on the replay layer. It preloads a
// module as Vite's preload helper does, which from file:// could only fail: the layer makes it inert.
const DOCS_JS = `
const preload = document.createElement('link');
preload.rel = 'modulepreload';
preload.href = '/docs/docs.js';
document.head.append(preload);
fetch('openapi.json').then((r) => r.json()).then((spec) => {
  const root = document.getElementById('root');
  root.innerHTML = '<h1>' + spec.info.title + '</h1>' + Object.keys(spec.paths).map((p) => '<p class="op">' + p + '</p>').join('');
  const more = document.createElement('img');
  more.src = '/logo.png';
  root.append(more);
});`;

// A written page whose script fetches its table and says how long that took: the copy's time is
// its own, so its words differ from the original's in that number only.
const TIMED = ARTICLE.replace('<ul id="comments"></ul>', '<p id="took"></p><ul id="comments"></ul>')
  .replace('</article>', `<p>${'The path turns inland past the lighthouse, then back to the sea. '.repeat(12)}</p></article>`)
  .replace(
  /<script>.*<\/script>/,
  `<script>const started = performance.now(); fetch('/api/comments').then((r) => r.text()).then((html) => {
  document.getElementById('comments').innerHTML = html;
  // Two numbers that differ between the render and its copy, which opens later: when the document
  // started (performance.timeOrigin, which the replay layer leaves as it is, unlike Date and the
  // seeded Math.random), in ms and in weeks of 7 ms. (A fetch's few ms alone were at times the same.)
  const origin = performance.timeOrigin + started;
  document.getElementById('took').textContent = 'Comments fetched at ' + Math.floor(origin) + ' ms, ' + Math.floor(origin / 7) + ' weeks of 7 ms.';
});</script>`,
);

// The article again, its reviews filled by a widget from another site (its script finds its data
// beside itself); and once with only an analytics snippet of another site, which fills nothing.
const WIDGET_JS = `const from = document.currentScript.src;
fetch(new URL('reviews.json', from)).then((r) => r.json()).then((reviews) => { document.getElementById('reviews').innerHTML = reviews.map((r) => '<p>' + r + '</p>').join(''); });`;
const STATS_JS = `fetch('/collect?page=' + encodeURIComponent(location.href), { method: 'POST' });
const pixel = document.createElement('img'); pixel.src = 'https://stats.example/p.gif'; document.body.appendChild(pixel);`;
const widgetPage = (origin: string, script: string) => REVIEWED.replace('<script src="/js/reviews.js" defer></script>', `<script src="${origin}${script}" async></script>`);

// A written page whose own frame builds itself (a station's widget fetching its readings): as
// served, the frame says "Loading…" from a folder, its fetch() refused.
const FRAMED = `<!doctype html><title>Marina</title><h1>Harbour conditions</h1>
<p>${'Measured every hour by the station on the north breakwater, published as they come. '.repeat(3)}</p>
<iframe src="/widgets/station.html" width="300" height="100"></iframe>`;
const STATION = `<!doctype html><p id="now">Loading…</p>
<script>fetch('/widgets/readings.json').then((r) => r.json()).then((d) => { document.getElementById('now').textContent = 'Air ' + d.air + ' °C'; });</script>`;

let site: FixtureSite;
let widgets: FixtureSite;
beforeAll(async () => {
  widgets = await serveFixture({
    '/widget/reviews.js': { type: 'text/javascript', body: WIDGET_JS },
    '/widget/reviews.json': { type: 'application/json', body: JSON.stringify(['A widget of another site wrote this', 'Four stars']) },
    '/stats.js': { type: 'text/javascript', body: STATS_JS },
    '/collect': { type: 'text/plain', body: 'ok' },
  });
  site = await serveFixture({
    '/widget': { body: widgetPage(widgets.origin, '/widget/reviews.js') },
    '/tracked': { body: widgetPage(widgets.origin, '/stats.js') },
    '/': { body: shell('Home') },
    '/guide': { body: shell('Guide') },
    '/plain': { body: STATIC_PAGE },
    '/framed': { body: FRAMED },
    '/widgets/station.html': { body: STATION },
    '/widgets/readings.json': { type: 'application/json', body: JSON.stringify({ air: 17.5 }) },
    '/styled': { body: shell('Styled').replace('/app.js', '/styled.js') },
    '/styled.js': { type: 'text/javascript', body: STYLED_JS },
    '/fonts/scripted.woff2': { type: 'font/woff2', body: FONT },
    '/docs/': { body: shell('Docs').replace('/app.js', '/docs/docs.js') },
    '/docs/docs.js': { type: 'text/javascript', body: DOCS_JS },
    '/docs/openapi.json': { type: 'application/json', body: JSON.stringify({ info: { title: 'Pet API' }, paths: { '/pets': {}, '/pets/{id}': {} } }) },
    '/article': { body: ARTICLE },
    '/timed': { body: TIMED },
    '/reviewed': { body: REVIEWED },
    '/js/reviews.js': { type: 'text/javascript', body: REVIEWS_JS },
    '/api/reviews.json': { type: 'application/json', body: REVIEWS },
    '/menu': { body: MENU_PAGE },
    '/lazy': { body: LAZY_PAGE },
    '/js/lazy.js': { type: 'text/javascript', body: LAZY_JS },
    '/js/parts/greeting.js': { type: 'text/javascript', body: "export const text = 'Imported by a classic script';" },
    '/js/parts/widget.js': { type: 'text/javascript', body: "export const text = 'by an address it computed';" },
    '/js/menu.js': { type: 'text/javascript', body: MENU_JS },
    '/api/comments': { type: 'text/html', body: '<li>First comment, fetched once the page loaded</li><li>A second one</li>' },
    '/app.js': { type: 'text/javascript', body: APP_JS },
    '/app.css': { type: 'text/css', body: 'h1 { color: rgb(1, 2, 3) }' },
    '/logo.png': { type: 'image/png', body: PNG_1PX },
    '/api/page/home.json': { type: 'application/json', body: JSON.stringify({ heading: 'Built by script', links: ['/guide'] }) },
    '/api/page/guide.json': { type: 'application/json', body: JSON.stringify({ heading: 'The guide, also built', links: ['/'] }) },
  });
});
afterAll(async () => {
  await site.close();
  await widgets.close();
});

const local: ArchiveOptionsInput = { allowPrivateNetworks: true, retries: 0, renderTimeoutMs: 15_000 };

async function capture(path: string, options: ArchiveOptionsInput = {}) {
  const sink = new MemorySink();
  await archivePage(`${site.origin}${path}`, sink, { ...local, ...options });
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  return { sink, manifest, page: manifest.resources[0]! };
}

describe('render mode', () => {
  it('auto: renders a page that builds itself, and saves what the script built without the script', async () => {
    site.hits.clear();
    const { sink, page } = await capture('/');
    const index = sink.text('index.html');
    expect(index).toContain('<h1>Built by script</h1>');
    expect(index).not.toMatch(/<script/i);
    // The image the script added is in the copy, fetched once: the capture reused the browser's response.
    const img = /<img src="([^"]+)"/.exec(index)?.[1];
    expect(img && sink.files.has(img)).toBe(true);
    expect(site.hits.get('/logo.png')).toBe(1);
    expect(site.hits.get('/')).toBe(1);
    // Its script builds the page from the path, read beyond the rewrite: from file:// the live
    // copy fails the self-check, and the snapshot is kept.
    expect(page.render).toMatchObject({ output: 'snapshot', reason: expect.stringContaining('id="root"') });
    expect(page.render?.candidates?.live?.textMatch).toBeLessThan(0.5);
    // Failing on its text already, the live copy was not pictured (the check's slowest part).
    expect(page.render?.candidates?.live).not.toHaveProperty('pixelDiff');
    expect(page.render?.requests).toBeGreaterThanOrEqual(4);
    // What the render refused is named: here the page's WebSocket.
    expect(page.render?.refusedRequests).toEqual([
      { method: 'GET', url: `ws://${new URL(site.url).host}/live`, reason: 'live-stream', message: 'WebSockets are never opened.' },
    ]);
    // The self-check opened the copy from file:// with the network off: it looks and reads the same.
    expect(page.render?.check).toMatchObject({ browser: 'chromium', failedRequests: 0, onlineRequests: 0, textMatch: 1 });
    expect(page.render!.check!.pixelDiff).toBeLessThanOrEqual(0.5);
  });

  it('keeps what lives only in the CSSOM, in canvases and in form fields', async () => {
    const { sink } = await capture('/styled');
    const index = sink.text('index.html');
    expect(index).toMatch(/<style>\.title \{ color: rgb\(10, 20, 30\); \}<\/style>/);
    expect(index).toMatch(/<template shadowrootmode="open"><p>In the shadow<\/p><style data-sitezip="adopted">p \{ margin: 7px; \}<\/style><\/template>/);
    expect(index).not.toContain('<canvas');
    expect(index).toMatch(/<img width="20" height="10" src="[^"]+"/);
    // The WebGL canvas is drawn in its image (its drawing buffer kept), not a blank one.
    const gl = /<img id="gl" width="8" height="8" src="(data:image\/png;base64,[^"]+)"/.exec(index)?.[1];
    expect(gl).toBeDefined();
    expect(pixelOf(gl!)).toEqual([0, 0, 255, 255]);
    // The bar is read once it has grown: its top is drawn.
    const bar = /<img id="bar" width="4" height="40" src="(data:image\/png;base64,[^"]+)"/.exec(index)?.[1];
    expect(bar).toBeDefined();
    expect(pixelOf(bar!)).toEqual([0, 128, 0, 255]);
    // Form fields show what the script put in them.
    expect(index).toContain('<input id="q" value="Set by script">');
    expect(index).toContain('<input id="c" type="checkbox">');
    expect(index).toContain('<textarea id="t">Filled in</textarea>');
    expect(index).toContain('<select id="s"><option>one</option><option selected="">two</option></select>');
    // The FontFace fonts are in no stylesheet: the snapshot carries them as @font-face rules, the
    // one from a URL pointing at the copy's file, the one from bytes as a data URL.
    const rules = /<style data-sitezip="fontface">([^<]*)<\/style>/.exec(index)?.[1] ?? '';
    const font = /@font-face \{ font-family: "Scripted Sans"; src: url\("?([^")]+)"?\) format\("woff2"\); font-style: normal; font-weight: 400;/.exec(rules)?.[1];
    expect(font && sink.files.get(font)?.equals(FONT), rules).toBe(true);
    expect(rules).toMatch(/@font-face \{ font-family: "Bytes Sans"; src: url\("?data:[^;]+;base64,d09GMg/);
  });

  it('auto: renders a written page whose inline script fills a part of it from the network', async () => {
    const { page } = await capture('/article');
    expect(page.render?.reason).toBe('an inline script fills part of it from the network');
    expect(page.render?.check, JSON.stringify(page.render)).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
  });

  it('keeps the live copy of a page whose text differs only in a number it measured as it ran', async () => {
    const { page } = await capture('/timed');
    const live = page.render?.candidates?.live ?? page.render?.check;
    // Two words of about 100 differ (the time's digits): more than the slack, fewer than the floor.
    expect(live?.textMatch, JSON.stringify(page.render)).toBeLessThan(0.995);
    expect(live).toMatchObject({ numbersOnly: true, failedRequests: 0, onlineRequests: 0 });
    expect(page.render?.output, JSON.stringify(page.render)).toBe('live');
  });

  it("auto: renders a written page that a script file of the site's own fills from the network", async () => {
    site.hits.clear();
    const { sink, page } = await capture('/reviewed');
    expect(page.render?.reason).toBe('its own script fills part of it from the network');
    expect(page.render?.check, JSON.stringify(page.render)).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
    // Its script runs offline on the replay layer, answered from the recording of its request.
    expect(page.render?.output).toBe('live');
    expect(sink.text('index.html')).toContain('<section id="reviews">Loading reviews…</section>');
    const recorded = Buffer.from(REVIEWS).toString('base64');
    expect([...sink.files.keys()].some((name) => sink.text(name).includes(recorded))).toBe(true);
    // Read once to decide, then the render's and the copy's requests for it were answered from that.
    expect(site.hits.get('/js/reviews.js')).toBe(1);
  });

  it("auto: renders a written page that a widget of another site fills from the network, not one with another site's analytics", async () => {
    const { sink, page } = await capture('/widget');
    expect(page.render?.reason).toBe('a script of another site fills part of it from the network');
    expect(page.render?.check, JSON.stringify(page.render)).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
    // Live: the widget's data, asked for beside its script (a file in the copy's folder of that
    // site), is that site's address online to the replay layer, and answered from the recording.
    expect(page.render?.output, JSON.stringify(page.render)).toBe('live');
    const recorded = Buffer.from(JSON.stringify(['A widget of another site wrote this', 'Four stars'])).toString('base64');
    expect([...sink.files.keys()].some((name) => sink.text(name).includes(recorded))).toBe(true);
    const tracked = await capture('/tracked');
    expect(tracked.page.render).toBeUndefined();
  });

  it("keeps live a page whose classic script import()s modules, by written and computed addresses", async () => {
    const { sink, page } = await capture('/lazy');
    expect(page.render?.reason).toBe('its own script imports a module at run time');
    expect(page.render, JSON.stringify(page.render)).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
    const script = [...sink.files.keys()].find((name) => name.endsWith('lazy.js'))!;
    // The written address goes to its module's key in the import map; the computed one through the layer.
    expect(sink.text(script)).toMatch(/import\("@sitezip\/[^"]*greeting\.js"\)/);
    expect(sink.text(script)).toContain('__SITEZIP_MODULE__');
  });

  it('auto: renders a written page whose frame of its own site fills itself from the network, the frame fetched once', async () => {
    site.hits.clear();
    const { sink, page } = await capture('/framed');
    expect(page.render?.reason).toBe('its frame /widgets/station.html: an inline script fills part of it from the network');
    expect(page.render?.check, JSON.stringify(page.render)).toMatchObject({ failedRequests: 0, onlineRequests: 0, textMatch: 1 });
    const frame = [...sink.files.keys()].find((name) => name.endsWith('station.html'))!;
    expect(sink.text(frame)).toContain('Air 17.5 °C');
    // Read to decide, then the render's request for it was answered from that.
    expect(site.hits.get('/widgets/station.html')).toBe(1);
  });

  it("auto: leaves a written page whose script file does not fill it static, the script read once", async () => {
    site.hits.clear();
    const { sink, page } = await capture('/menu');
    expect(page.render).toBeUndefined();
    expect(sink.text('index.html')).toMatch(/<script src="[^"]*menu\.js"><\/script>/);
    expect(site.hits.get('/js/menu.js')).toBe(1);
  });

  it('auto: leaves a page whose HTML is the page to the static path, scripts and all', async () => {
    const { sink, page } = await capture('/plain');
    expect(page.render).toBeUndefined();
    expect(sink.text('index.html')).toContain("document.documentElement.dataset.menu = 'ready'");
  });

  it('keeps a page running offline on the replay layer when that copy passes the self-check', async () => {
    site.hits.clear();
    const { sink, page } = await capture('/docs/');
    expect(page.render).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
    expect(page.render!.check!.pixelDiff).toBeLessThanOrEqual(0.5);
    // Passing on its own, it is kept whatever the snapshot would score: the snapshot is not checked.
    expect(page.render?.candidates).toEqual({ live: page.render?.check });
    const index = sink.text('index.html');
    expect(index).toContain('<div id="root"></div>');
    expect(index).toMatch(/<script src="sitezip-replay\.js"><\/script>.*<script src="[^"]*docs\.js"><\/script>/s);
    const replay = sink.text('sitezip-replay.js');
    expect(replay).toContain(`"GET ${site.origin}/docs/openapi.json"`);
    // The image the script adds by its online address is a file of the copy, and the layer knows where.
    const logo = [...sink.files.keys()].find((path) => path.endsWith('logo.png'));
    expect(logo && replay.includes(`"${site.origin}/logo.png":"${logo}"`)).toBe(true);
    expect(site.hits.get('/docs/openapi.json')).toBe(1);
  });

  it('always renders even a plain page; never keeps the shell as served', async () => {
    const always = await capture('/plain', { render: 'always' });
    // Its small script runs as well offline: the live copy is kept, script and all.
    expect(always.page.render).toMatchObject({ output: 'live', reason: 'render: always' });
    expect(always.sink.text('index.html')).toContain("document.documentElement.dataset.menu = 'ready'");
    const never = await capture('/', { render: 'never' });
    expect(never.page.render).toBeUndefined();
    expect(never.sink.text('index.html')).toContain('<div id="root"></div>');
  });

  it('without a browser, saves the page as served and says why in the manifest', async () => {
    const saved = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      const { sink, page } = await capture('/');
      expect(sink.text('index.html')).toContain('<div id="root"></div>');
      expect(page.render).toMatchObject({ output: 'static', error: expect.stringMatching(/\S/) });
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });

  it('full mode finds pages from the rendered DOM and links them to each other offline', async () => {
    const sink = new MemorySink();
    const summary = await archiveSite(site.url, sink, { ...local, useSitemaps: false });
    expect(summary.pages).toBe(2);
    const host = `127.0.0.1_${new URL(site.url).port}`;
    const guide = sink.text(`${host}/guide/index.html`);
    expect(guide).toContain('<h1>The guide, also built</h1>');
    expect(guide).toContain('href="../../index.html"');
    expect(sink.text('index.html')).toContain(`href="${host}/guide/index.html"`);
  });
});

describe('auto on a site whose pages share a script file', () => {
  // The script fills `#results` from an address it computes, on the page that has one: the home
  // page, read first, leaves no such element empty; the search page does.
  const SHARED_JS = `const results = document.getElementById('results');
const api = '/api/';
if (results) fetch(api + ['sea', 'rch'].join('') + '.html').then((r) => r.text()).then((html) => { results.innerHTML = html; });`;
  const page = (title: string, body: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}<script src="/js/shared.js"></script></body></html>`;
  const RESULTS = '<p>Three guides match, fetched by the shared script</p>';
  let shared: FixtureSite;
  beforeAll(async () => {
    shared = await serveFixture({
      '/': { body: page('Home', `<nav id="menu"><a href="/search">Search the guides</a></nav><p>${'Written on the server. '.repeat(20)}</p>`) },
      '/search': { body: page('Search', `<p>${'Every guide of the site, searched as you type. '.repeat(20)}</p><div id="results"></div>`) },
      '/js/shared.js': { type: 'text/javascript', body: SHARED_JS },
      '/api/search.html': { type: 'text/html', body: RESULTS },
    });
  });
  afterAll(() => shared.close());

  it('judges each page by its own empty elements: the script read once fills the second page, which is rendered', async () => {
    const sink = new MemorySink();
    const summary = await archiveSite(shared.url, sink, { ...local, useSitemaps: false });
    expect(summary.pages).toBe(2);
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const home = manifest.resources.find((resource) => resource.url === `${shared.origin}/`);
    const search = manifest.resources.find((resource) => resource.url === `${shared.origin}/search`);
    expect(home?.render, JSON.stringify(home?.render)).toBeUndefined();
    // Its live copy runs the script the home page saved: its check's copy has that file too.
    expect(search?.render, JSON.stringify(search)).toMatchObject({ output: 'live', reason: 'its own script fills part of it from the network', check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
    const recorded = Buffer.from(RESULTS).toString('base64');
    expect([...sink.files.keys()].some((name) => sink.text(name).includes(recorded))).toBe(true);
  });
});
