import { PNG_1PX } from './support/fixture-site.js';

// A page that is nothing until its scripts run: every way a script asks for something, each
// of which must reach the server once, through the engine's fetcher.
const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loading</title>
<script type="module" src="/app/main.js"></script>
</head><body>
<main id="app">Loading…</main>
<div id="shadow-host"></div>
<ol id="log"></ol>
<div style="height: 3000px"></div>
<div id="lazy"></div>
<script>document.write('<p id="written">written by document.write</p><script src="/js/written.js"><\\/script>');</script>
</body></html>`;

const MAIN = `
const add = (name, value) => {
  const item = document.createElement('li');
  item.textContent = name + ': ' + value;
  document.getElementById('log').append(item);
};
const data = await (await fetch('/api/data.json')).json();
document.getElementById('app').innerHTML = '<h1>' + data.heading + '</h1>';
document.title = 'Built by script';

const xhr = new XMLHttpRequest();
xhr.open('GET', '/api/xhr.txt');
xhr.onload = () => add('xhr', xhr.responseText);
xhr.send();

fetch('/api/save', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ saved: 1 }) })
  .then((response) => add('put', response.status), () => add('put', 'refused'));

add('chunk', (await import('./chunk.js')).name);
add('absolute chunk', (await import('/static/abs-chunk.js')).name);

const worker = new Worker('/app/worker.js');
worker.onmessage = (event) => add('worker', event.data);

new FontFace('Fixture', 'url(/fonts/fixture.woff2)').load().then(() => add('font', 'loaded'), () => add('font', 'not a font'));

const image = new Image();
image.onload = () => add('image', image.naturalWidth + 'px');
image.src = '/img/by-script.png';
document.body.append(image);

const link = document.createElement('link');
link.rel = 'stylesheet';
link.href = '/css/inserted.css';
document.head.append(link);

const shadow = document.getElementById('shadow-host').attachShadow({ mode: 'open' });
shadow.innerHTML = '<link rel="stylesheet" href="/css/shadow.css"><p class="inside">shadow content</p>';

new IntersectionObserver((entries, observer) => {
  if (!entries.some((entry) => entry.isIntersecting)) return;
  observer.disconnect();
  const lazy = new Image();
  lazy.src = '/img/lazy.png';
  lazy.onload = () => add('lazy', 'shown after scrolling');
  document.getElementById('lazy').append(lazy);
}).observe(document.getElementById('lazy'));
`;

const js = (body: string) => ({ type: 'text/javascript', body });

export const ROUTES = {
  '/old': { status: 301, headers: { location: '/' } },
  '/': { body: INDEX },
  '/app/main.js': js(MAIN),
  '/app/chunk.js': js(`export const name = 'relative chunk';`),
  '/static/abs-chunk.js': js(`export const name = 'from an absolute path';`),
  '/app/worker.js': js(`fetch('/api/worker.json').then((r) => r.json()).then((d) => postMessage(d.from));`),
  '/js/written.js': js(`document.getElementById('written').dataset.script = 'ran';`),
  '/api/data.json': { type: 'application/json', body: JSON.stringify({ heading: 'Heading from JSON' }) },
  '/api/xhr.txt': { type: 'text/plain', body: 'text by XHR' },
  '/api/worker.json': { type: 'application/json', body: JSON.stringify({ from: 'fetched in a worker' }) },
  '/api/save': { type: 'application/json', body: '{"ok":true}' },
  '/fonts/fixture.woff2': { type: 'font/woff2', body: 'not really a font' },
  '/img/by-script.png': { type: 'image/png', body: PNG_1PX },
  '/img/lazy.png': { type: 'image/png', body: PNG_1PX },
  '/img/bg.png': { type: 'image/png', body: PNG_1PX },
  '/css/inserted.css': { type: 'text/css', body: 'body { background: url(/img/bg.png) }' },
  '/css/shadow.css': { type: 'text/css', body: '.inside { color: green }' },
};
