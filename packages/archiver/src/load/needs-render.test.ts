import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../fetch/fetcher.js';
import { needsRender, visibleTextLength } from './needs-render.js';
import { loadedPage } from './static-loader.js';

function page(html: string) {
  const response: FetchedResource = {
    requestedUrl: 'https://example.test/',
    url: 'https://example.test/',
    status: 200,
    headers: {},
    mimeType: 'text/html',
    charset: 'utf-8',
    body: Buffer.from(html),
    redirects: [],
  };
  return loadedPage({ fetcher: undefined as never, signal: new AbortController().signal, options: { maxPageReferences: 1000 }, offer: () => undefined, prefetch: async () => undefined, has: () => false }, response);
}

const prose = '<p>' + 'Written on the server, readable without any script at all. '.repeat(4) + '</p>';

describe('needsRender', () => {
  it.each([
    ['an empty mount element', '<div id="root"></div><script src="/main.js"></script>', 'id="root"'],
    ['a Vite app', '<div id="app"></div><script type="module" src="/assets/index.js"></script>', 'id="app"'],
    ['swagger-ui', '<div id="swagger-ui"></div><script src="swagger-ui-bundle.js"></script>', 'swagger-ui'],
    ['Redoc', '<redoc spec-url="openapi.json"></redoc><script src="redoc.standalone.js"></script>', '<redoc>'],
    ['Next.js, server-rendered', `${prose}<script id="__NEXT_DATA__" type="application/json">{}</script>`, 'Next.js'],
    ['VitePress', `<div id="app">${prose}</div><script>window.__VP_HASH_MAP__ = {}</script>`, 'VitePress'],
    ['Docusaurus', `<div id="__docusaurus">${prose}</div><script src="/assets/js/main.js"></script>`, 'Docusaurus'],
    ['VuePress', `<meta name="generator" content="VuePress 2.0.0-rc.28" /><div id="app">${prose}</div><script type="module" src="/assets/app.js"></script>`, 'VuePress'],
    ['mermaid diagrams', `${prose}<pre class="mermaid">graph TD; A-->B</pre><script type="module">import mermaid from './mermaid.esm.min.mjs'; mermaid.initialize({ startOnLoad: true });</script>`, 'mermaid'],
    ['MathJax formulas', `${prose}<p>\\(e^{i\\pi} = -1\\)</p><script id="MathJax-script" async src="https://cdn.example/mathjax@3/es5/tex-mml-chtml.js"></script>`, 'MathJax'],
    ['KaTeX formulas', `${prose}<p>$$e^{i\\pi} = -1$$</p><script defer src="/katex/auto-render.min.js" onload="renderMathInElement(document.body);"></script>`, 'KaTeX'],
    ['a <noscript> asking for JavaScript', `<noscript>You need to enable JavaScript to run this app.</noscript>${prose}<script src="a.js"></script>`, 'JavaScript'],
    ['a <noscript> saying a part needs JavaScript (a search page)', `${prose}<p id="status">Loading index…</p><noscript><p>Search needs JavaScript: it fetches <a href="/index.json">index.json</a>.</p></noscript><script src="/js/search.js" data-index="/index.json"></script>`, 'JavaScript'],
    ['scripts and next to no text', '<header>Menu</header><script src="/bundle.js"></script>', 'next to no text'],
    ['a written page whose script fetch()es its comments in', `${prose}<div id="comments"></div><script>fetch('/api/comments').then((r) => r.text()).then((html) => { document.getElementById('comments').innerHTML = html; });</script>`, 'from the network'],
    ['a written page that jQuery fills a part of', `${prose}<div id="related"></div><script src="/jquery.js"></script><script>$(function () { $('#related').load('/related.html'); });</script>`, 'from the network'],
    ['a written page that XHR fills', `${prose}<ul id="prices"></ul><script>var x = new XMLHttpRequest(); x.onload = function () { document.getElementById('prices').insertAdjacentHTML('beforeend', x.responseText); }; x.open('GET', '/prices'); x.send();</script>`, 'from the network'],
    ['htmx loading a part on load', `${prose}<div hx-get="/news" hx-trigger="load"></div><script src="/htmx.min.js"></script>`, 'htmx'],
    ['a Turbo frame with a source', `${prose}<turbo-frame id="reviews" src="/reviews" loading="lazy">Loading…</turbo-frame><script type="module" src="/turbo.js"></script>`, 'Turbo frame'],
    ['an include-fragment', `${prose}<include-fragment src="/contributors"><p>Loading</p></include-fragment><script src="/app.js"></script>`, 'included fragment'],
    ['Alpine fetching in x-init', `${prose}<div x-data="{ items: [] }" x-init="items = await (await fetch('/items.json')).json()"></div><script defer src="/alpine.js"></script>`, 'Alpine'],
    ['a written page whose inline script starts a worker', `${prose}<div id="out"></div><script>new Worker('/w.js').onmessage = (e) => { out.textContent = e.data; };</script>`, 'starts a worker'],
    ['a written page whose inline script imports a computed address', `${prose}<script>import('./' + lang + '.js').then((m) => m.start());</script>`, 'imports a module'],
    ['a written page whose inline script writes a script tag', `${prose}<script>document.write('<script src="/late.js"><\\/script>')</script>`, 'writes markup'],
    ['a written page whose inline script draws a CSV with D3', `${prose}<div id="chart"><p>Loading…</p></div><script src="/d3.min.js"></script><script>d3.csv('./data/population.csv').then((rows) => d3.select('#chart').html('').append('svg'));</script>`, 'from the network'],
    ['a PDF an inline module draws on a canvas', `${prose}<canvas id="viewer"></canvas><script type="module">import * as pdfjs from './pdf.mjs'; const pdf = await pdfjs.getDocument({ url: './docs/newsletter.pdf' }).promise;</script>`, 'a data file'],
    ['a custom element naming a data file of its own (Lit)', `${prose}<item-list src="data/items.json"></item-list><script type="module" src="js/app.js"></script>`, 'names a data file'],
    ['a data- attribute naming a data file of its own', `${prose}<div class="chart" data-url="data/sales.csv?v=2"></div><script src="/js/charts.js"></script>`, 'names a data file'],
    ['a data- attribute naming a fragment of its own to load (Stimulus)', `${prose}<button data-action="tabs#show" data-tabs-url-param="/partials/usage.html">Usage</button><script src="/app.js"></script>`, 'names a fragment'],
    // reveal.js's markdown plugin fetches the slides the section names.
    ['a section naming its Markdown slides (reveal.js)', `${prose}<section data-markdown="slides.md" data-separator="^\\n---\\n$"></section><script src="plugin/markdown/markdown.js"></script>`, 'names a data file'],
    // Ace's editors, given the files' text by fetch(): no DOM write in the page's own script.
    ['a written page whose inline script puts fetched text into an editor', `${prose}<div id="editor"></div><script src="ace/ace.js"></script><script>ace.config.loadModule('ace/ext/language_tools', async () => { const text = await fetch('files/' + name).then((r) => r.text()); ace.edit('editor').session.setValue(text); });</script>`, 'from the network'],
    ['a written page whose inline script charts an XHR answer', `${prose}<canvas id="c"></canvas><script>var x = new XMLHttpRequest(); x.onload = function () { new Chart(c, JSON.parse(x.responseText)); }; x.open('GET', 'sales'); x.send();</script>`, 'from the network'],
    // Sphinx's search page: its loader adds the index's script, named by no markup.
    ['a search page whose inline script loads its index script', `${prose}<div id="search-results"></div><script src="_static/searchtools.js"></script><script>jQuery(function() { Search.loadIndex("searchindex.js"); });</script>`, 'a script file'],
    ['an inline script that loads scripts with RequireJS', `${prose}<div id="app"><p>Loading</p></div><script src="require.js"></script><script>require(['js/app.js'], (app) => app.start());</script>`, 'a script file'],
    ['custom elements with a component library from a CDN (Shoelace)', `${prose}<sl-card><sl-icon name="wrench"></sl-icon> Safety check</sl-card><script type="module" src="https://cdn.example/shoelace/shoelace-autoloader.js"></script>`, 'another site'],
    ['an inline script that posts to a frame of its own', `${prose}<iframe id="chat" src="widgets/chat.html"></iframe><script>addEventListener('load', () => chat.contentWindow.postMessage({ text: 'hi' }, location.origin));</script>`, 'talks to a frame'],
  ])('renders %s', (_, html, reason) => {
    expect(needsRender(page(html))).toContain(reason);
  });

  it.each([
    ['a page without scripts', '<div id="root"></div>'],
    ['a server-written page with a small script', `<h1>Docs</h1>${prose}<script>document.body.classList.add('js')</script>`],
    ['an article with analytics', `<article>${prose}</article><script async src="https://stats.example/a.js"></script>`],
    ['a filled mount element', `<div id="root">${prose}</div><script src="/main.js"></script>`],
    ['a page whose analytics snippet posts a beacon', `${prose}<script>window.dataLayer = []; fetch('/collect', { method: 'POST', keepalive: true });</script>`],
    ['a page that registers its service worker', `${prose}<script>if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js');</script>`],
    ['a page whose script pings and reads only the status', `${prose}<script>fetch('/ping').then((r) => { if (!r.ok) console.warn('offline'); });</script>`],
    ['a Turbo frame without a source (links target it)', `${prose}<turbo-frame id="panel"><a href="/panel/2">Next</a></turbo-frame><script type="module" src="/turbo.js"></script>`],
    ['htmx that loads on a click only', `${prose}<button hx-get="/more" hx-target="#more">More</button><div id="more"></div><script src="/htmx.min.js"></script>`],
    ['a script that writes the DOM without asking the network', `${prose}<script>document.getElementById('year').textContent = new Date().getFullYear();</script>`],
    ['a page whose analytics snippet loads its script by an absolute address', `${prose}<script>var s = document.createElement('script'); s.src = 'https://stats.example/a.js'; document.head.appendChild(s);</script>`],
    ['a data block that names a worker', `${prose}<script type="application/json">{"code": "new Worker('x.js')"}</script>`],
    ['an inline module importing a written address', `${prose}<script type="module">const m = await import('./mod.js'); m.start();</script>`],
    ['an inline script importing a written address', `${prose}<script>import('./mod.js').then((m) => m.start());</script>`],
    ['a page that only names mermaid', `${prose}<p class="note">Diagrams: see mermaid-js.</p><pre class="mermaidish">not a diagram</pre><script src="/site.js"></script>`],
    ['a gallery: images, scripts, few words', '<h1>Trip</h1><img src="a.jpg"><img src="b.jpg"><img src="c.jpg"><script src="/lightbox.js"></script>'],
    ['an inline script that names pages and images, not data files', `${prose}<script>var site = { next: '/guide/next.html', logo: 'img/logo.png', feed: 'https://example.org/feed.json' };</script>`],
    ['a page whose <body> names the search index a script fetches on a search (Hugo)', `<body data-index="/index.json">${prose}<input id="search"><script src="/js/search.js"></script></body>`],
    ['a link to a page in a data- attribute, a fragment of another site', `${prose}<a data-href="/guide.html">Guide</a><button data-url="https://cdn.example/part.html">Part</button><script src="/site.js"></script>`],
    ['an element naming an online data file or a page', `${prose}<lottie-player src="https://cdn.example/anim.json"></lottie-player><my-card href="guide.html" data-photo="img/a.png"></my-card><script src="/site.js"></script>`],
    ['custom elements whose module is the site\'s own', `${prose}<site-menu></site-menu><script type="module" src="/js/menu.js"></script>`],
    ["another site's module on a page without custom elements", `${prose}<script type="module" src="https://cdn.example/confetti.js"></script>`],
    ["a script that posts to another site's video player", `${prose}<iframe id="v" src="https://video.example/embed/x"></iframe><script>v.contentWindow.postMessage('{"event":"command","func":"playVideo"}', '*');</script>`],
  ])('leaves %s static', (_, html) => {
    expect(needsRender(page(html))).toBeUndefined();
  });

  it('reads long tags in bounded time', () => {
    expect(needsRender(page(`${prose}<x-a ${'b=1 '.repeat(200_000)}><div ${'data-c=1 '.repeat(200_000)}><script src="a.js"></script>`))).toBeUndefined();
  });

  it('reads inline scripts linearly, however many are left open', () => {
    // Each looked for its end to the end of the page: minutes, past the test's time-out.
    expect(needsRender(page(`${prose}${'<script>fetch(1);x.innerHTML=1'.repeat(40_000)}`))).toBeUndefined();
    expect(needsRender(page(`${prose}<script>x</script>${'<script src=a.js>'.repeat(40_000)}`))).toBeUndefined();
  });

  it('counts visible text only, linearly, on hostile markup', () => {
    expect(visibleTextLength('<style>p{}</style><script>var a = "<p>"</script><!-- hidden --><p>ab c</p><template>x</template>')).toBe(3);
    // Quadratic work here would run for minutes, past the test's time-out.
    expect(needsRender(page('<script'.repeat(140_000)))).toBe('it has scripts and next to no text of its own');
    expect(visibleTextLength('<p>x'.repeat(250_000))).toBe(250_000);
  });

  it('skips hidden elements whatever the case of their tags, and stops counting at enough', () => {
    expect(visibleTextLength('<SCRIPT>var a = "<p>"</Script><SVG><text>x</text></svg><p>ab</p>')).toBe(2);
    expect(visibleTextLength(prose.repeat(1000), 80)).toBe(80);
    expect(visibleTextLength('<p>ab</p>', 80)).toBe(2);
  });
});
