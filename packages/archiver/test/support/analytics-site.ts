import { PNG_1PX, serveFixture, type FixtureSite } from './fixture-site.js';

// A static page with an analytics tag of another site, as most sites carry: once up, the tag
// sends a beacon, a pixel, an XHR and a POST fetch() to its site, loads a plugin script and
// frames a widget from there, then says in `window.tagHits` what became of each (sorted): a copy opened offline must
// run it with nothing sent and nothing failed (capture/offline-guard.ts).
const tag = (origin: string) => `(function () {
  var hits = [];
  navigator.sendBeacon('${origin}/collect', 'v=2&en=page_view');
  hits.push('beacon');
  new Image().src = '${origin}/pixel.gif?cb=' + Math.random();
  var xhr = new XMLHttpRequest();
  xhr.open('GET', '${origin}/config.json');
  xhr.onloadend = function () { hits.push('xhr ' + xhr.status); report(); };
  xhr.send();
  fetch('${origin}/g/collect', { method: 'POST', body: 'en=scroll', keepalive: true }).catch(function () { hits.push('fetch failed'); report(); });
  var plugin = document.createElement('script');
  plugin.setAttribute('src', '${origin}/plugin.js');
  plugin.onerror = function () { hits.push('plugin failed'); report(); };
  document.head.appendChild(plugin);
  function widget() {
    var frame = document.createElement('iframe');
    frame.src = '${origin}/embed.html';
    document.body.appendChild(frame);
  }
  if (document.body) widget();
  else document.addEventListener('DOMContentLoaded', widget);
  function report() { window.tagHits = hits.slice().sort().join(', '); }
})();`;

/** What `window.tagHits` says once the tag ran offline with every request of its refused. */
export const TAG_OFFLINE = 'beacon, fetch failed, plugin failed, xhr 0';

const page = (origin: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Field notes</title>
<script async src="${origin}/tag.js"></script></head>
<body><h1>Field notes</h1><p>Three weeks on the ridge, in notes and pictures. The first days went to finding water:
the springs on the map had run dry by June, and the one that still ran was a morning's walk below the saddle.</p>
<p>By the second week the routine held. Up before light, a pot of oats, the long traverse to the cairn, and the
afternoon spent sketching what the wind had done to the pines on the north face.</p>
<script>navigator.sendBeacon('/api/event', 'n=pageview');
var socket = new WebSocket('/live');
socket.onclose = function (event) { window.ownSocket = 'closed ' + event.code; };
document.body.insertAdjacentHTML('beforeend', '<p id="own">Own script ran.</p>');</script></body></html>`;

/** A page whose only script is inline: a Matomo-style snippet that adds the tag itself, and a pixel. */
const inlineOnly = (origin: string) => page(origin).replace(`<script async src="${origin}/tag.js"></script>`, `<script>
  var _paq = window._paq = window._paq || [];
  (function () { var d = document, g = d.createElement('script'), s = d.getElementsByTagName('script')[0];
    g.async = true; g.src = '${origin}/tag.js'; s.parentNode.insertBefore(g, s); })();
  new Image().src = '${origin}/pixel.gif?inline=1';
</script>`);

/**
 * The page's site (whose own script first sends a beacon to its site by a relative address, as a
 * self-hosted counter does, and opens a socket for live updates) and the analytics site (another
 * origin); close both.
 */
export async function analyticsSites(): Promise<{ site: FixtureSite; analytics: FixtureSite }> {
  const routes: Parameters<typeof serveFixture>[0] = {
    '/collect': { status: 204 },
    '/g/collect': { status: 204 },
    '/pixel.gif': { type: 'image/png', body: PNG_1PX },
    '/config.json': { type: 'application/json', body: '{}' },
    '/plugin.js': { type: 'text/javascript', body: 'window.plugin = true;' },
    '/embed.html': { body: '<!doctype html><p>Widget</p>' },
  };
  const analytics = await serveFixture(routes);
  // The tag names its own site, known once it is served.
  routes['/tag.js'] = { type: 'text/javascript', body: tag(analytics.origin) };
  const site = await serveFixture({ '/': { body: page(analytics.origin) }, '/inline': { body: inlineOnly(analytics.origin) } });
  return { site, analytics };
}
