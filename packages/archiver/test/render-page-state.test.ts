import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { renderOnce } from './support/render-once.js';

// What a page's scripts take for granted about where they run, which a file:// copy is not: that
// a cookie they set can be read back (a consent banner, a remembered theme), that the window's
// origin is a scheme and host (`new URL(path, self.origin)` throws on the opaque "null"), and that
// a message a window posts to its own origin arrives with that origin.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Reader</title></head>
<body><h1>Reading room</h1><p id="theme"></p><p id="shelf"></p><p id="message"></p>
<script>
document.cookie = 'theme=sepia; max-age=31536000; path=/; SameSite=Lax';
document.cookie = 'banner=shown; path=/';
document.cookie = 'banner=; max-age=0; path=/';
const theme = /(?:^|; )theme=([^;]*)/.exec(document.cookie);
document.getElementById('theme').textContent = theme && document.cookie.indexOf('banner') < 0 ? 'Theme: ' + theme[1] + ' (remembered)' : 'Cookies are off: the theme is not kept';
fetch(new URL('/api/shelf', self.origin)).then((r) => r.json()).then((books) => {
  document.getElementById('shelf').textContent = books.join(', ');
}, () => { document.getElementById('shelf').textContent = 'The shelf could not be loaded'; });
addEventListener('message', (event) => {
  if (event.origin !== location.origin) return;
  document.getElementById('message').textContent = 'Bookmark saved: ' + event.data;
});
postMessage('chapter 3', location.origin);
</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/': { body: PAGE },
    '/api/shelf': { type: 'application/json', body: JSON.stringify(['Middlemarch', 'The Rings of Saturn', 'Austerlitz']) },
  });
});
afterAll(() => site.close());

describe('a live copy of a page that keeps a cookie, builds addresses from its origin and posts itself a message', () => {
  it('reads its cookie back, fetches by its origin online and gets its message offline, and is kept live', async () => {
    const { render } = await renderOnce(`${site.origin}/`);
    expect(render, JSON.stringify(render)).toMatchObject({ output: 'live', check: { pixelDiff: 0, textMatch: 1, failedRequests: 0, onlineRequests: 0 } });
    expect(site.hits.get('/api/shelf')).toBe(1);
  }, 60_000);
});
