import { describe, expect, it } from 'vitest';
import { needOn, placeholderIds, readFrame, readOtherSitesScript, readScript, scriptNeed } from './script-fills-page.js';

describe('scriptNeed', () => {
  it.each([
    ['fetches an address it writes out into the page', `fetch('data/items.json').then((r) => r.json()).then((items) => { list.innerHTML = items.join(''); });`, []],
    ['asks by XHR for an address it writes out', `var x = new XMLHttpRequest(); x.open('GET', '/prices'); x.onload = () => el.insertAdjacentHTML('beforeend', x.responseText); x.send();`, []],
    ['draws a CSV it loads with D3 into the page', `d3.csv('data/population.csv', d3.autoType).then((rows) => { d3.select('#chart').append('svg'); });`, []],
    ['fetches a computed address into an element the page leaves empty', `const url = base + '/api'; fetch(url).then((r) => r.text()).then((t) => { document.querySelector('#feed').innerHTML = t; });`, ['feed']],
  ])('says it fills the page for a script that %s', (_, code, ids) => {
    expect(scriptNeed(code, false, ids)).toBe('its own script fills part of it from the network');
  });

  it.each([
    ['imports at run time (classic)', `import('./mod.js').then(show);`, false, 'imports a module at run time'],
    ['imports a computed address (module)', `const m = await import('./' + name + '.js');`, true, 'imports a module at run time'],
    ['imports Pagefind and another computed address', 'await import(`${i}pagefind.js`); await import(`${i}other.js`);', false, 'imports a module at run time'],
    ['writes a script tag', `document.write('<script src="late.js"><\\/script>');`, false, 'writes markup that loads files'],
    ["writes an image of its own by an address it makes (Doxygen's tree view)", `n.html('<img src="'+relpath+'sync_on.png" title="'+SYNCONMSG+'"/>');`, false, 'writes markup that loads files'],
    ["writes an image of its own by an address it makes, over two lines (Doxygen's search box)", `'<img id="MSearchSelect" src="'+relPath+\n  'search/mag_sel.svg" alt=""/>'`, false, 'writes markup that loads files'],
    ["writes images of its own from a folder it names (SQLite's sponsors)", `h += "'><img src='images/foreignlogos/";\n    h += sponsors[i].src;`, false, 'writes markup that loads files'],
    ['sets an image of its own', `const img = new Image(); img.src = 'pics/a.png';`, false, 'sets a file of its own as a source'],
    ['adds a stylesheet', `const l = document.createElement('link'); l.rel = 'stylesheet'; l.href = href;`, false, 'adds a stylesheet'],
    ['loads a FontFace', `new FontFace('X', 'url(x.woff2)')`, false, 'loads a font'],
    ["starts a worker and fetches data by its module's own address", `const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' }); fetch(new URL("./data/notes.json", import.meta.url));`, true, "loads a file by its module's own address"],
    ['passes a data file to a library (DataTables)', `$('#staff').DataTable({ ajax: 'data/employees.json', pageLength: 10 });`, false, 'loads a data file of its own'],
  ])('says what a script that %s loads', (_, code, module, what) => {
    expect(scriptNeed(code, module, [])).toBe(`its own script ${what}`);
  });

  it.each([
    ['only writes the DOM', `document.getElementById('menu').append(document.createElement('span'));`, ['menu']],
    ['writes links by addresses it makes, and images by addresses from its data', `el.innerHTML = '<a href="'+relpath+'index.html">Home</a><img src="'+item.icon+'">';`, []],
    ['only posts a beacon', `fetch('/collect', { method: 'POST', keepalive: true });`, []],
    ['fetches a computed address, naming no empty element', `fetch(url).then((r) => r.text()).then((t) => { el.innerHTML = t; });`, ['feed']],
    ['is a library by its banner', `/*! jQuery v3.7.1 | (c) OpenJS Foundation */ fetch('x'); a.innerHTML = 1;`, []],
    ['loads a third party by its absolute address (an analytics snippet)', `var s = document.createElement('script'); s.src = 'https://stats.example/a.js'; document.head.append(s);`, []],
    ['imports a written address (a module: the static capture maps it)', `const m = await import('./mod.js');`, []],
    // Pagefind's default UI (a classic script file) and the themes that load Pagefind by its bundle's folder: the static copy's Pagefind side answers it.
    ["imports Pagefind's module from its bundle's folder (Pagefind's default UI)", 'if (!this.backend) this.backend = await import(`${i}pagefind.js`);', []],
    ["imports Pagefind's module by a written address", `const pagefind = await import('/pagefind/pagefind.js');`, []],
    ['fetches its search index (asked for when someone searches)', `box.addEventListener('input', () => fetch('/search/search_index.json').then((r) => r.json()).then((i) => { list.innerHTML = show(i); }));`, []],
    ["swaps an image for one named after its own address (Sphinx's doctools.js, on a click)", 'el.src = `${el.src.substr(0, el.src.length - 9)}plus.png`;', []],
    ['names its search index (asked for when someone searches)', `var index = { url: base_url + '/search/search_index.json' }; load(index, 'search/search_index.json');`, []],
    // Material for MkDocs's bundle: its sitemap for instant navigation on a click, its version
    // menu's file made against the site's base.
    ["reads the site's sitemap, a version list against a base (Material for MkDocs)", 'load(new URL("sitemap.xml", base)); load(new URL("../versions.json", t.base)); ajax(\'sitemap.xml\'); el.innerHTML = t;', []],
  ])('says nothing of a script that %s', (_, code, ids) => {
    expect(scriptNeed(code, code.includes('await import'), ids)).toBeUndefined();
  });
});

describe('readScript', () => {
  it("keeps the ids a script fills from a computed address, so each page that shares it is judged by its own empty elements", () => {
    const code = `fetch(base + '/api/' + page).then((r) => r.text()).then((t) => { const el = document.getElementById("results") || document.querySelector('#feed > li'); el.innerHTML = t; });`;
    const reading = readScript(code, false);
    expect(needOn(reading, ['menu'])).toBeUndefined();
    expect(needOn(reading, ['menu', 'results'])).toBe('its own script fills part of it from the network');
    expect(needOn(reading, ['feed'])).toBe('its own script fills part of it from the network');
    // A page-independent reason holds on every page.
    expect(needOn(readScript(`document.write('<script src="late.js"><\\/script>')`, false), [])).toBe('its own script writes markup that loads files');
    expect(readScript(`document.title = 'x';`, false)).toBe(false);
  });

  it('counts a worker on the pages that leave an element it names empty: a shared search script starts one on every page', () => {
    // MkDocs's search/main.js: its worker loads the index, its results are shown once someone types.
    const search = readScript(`var searchWorker = new Worker(base_url + "/search/worker.js"); searchWorker.onmessage = (e) => { document.getElementById("mkdocs-search-results").insertAdjacentHTML('beforeend', e.data); };`, false);
    expect(needOn(search, placeholderIds('<h1>Pino</h1><p>Written.</p><div id="mkdocs-search-results"></div>'))).toBeUndefined();
    const counted = readScript(`const w = new Worker('count.js'); w.onmessage = (e) => { document.getElementById('total').textContent = e.data; };`, false);
    expect(needOn(counted, placeholderIds('<p>Words: <span id="total"></span></p>'))).toBe('its own script starts a worker');
    expect(needOn(counted, [])).toBeUndefined();
  });

  it("reads another site's script only for the empty elements it fills from the network (a widget), not for what it loads", () => {
    const widget = readOtherSitesScript(`fetch(new URL('/reviews.json', document.currentScript.src)).then((r) => r.json()).then((list) => { document.getElementById('reviews').innerHTML = list.join(''); });`);
    expect(needOn(widget, ['reviews'])).toBe('a script of another site fills part of it from the network');
    expect(needOn(widget, ['menu'])).toBeUndefined();
    // An analytics snippet loads code and asks the network on every page, a literal address included: it names no empty element.
    const analytics = readOtherSitesScript(`fetch('https://stats.example/collect', { method: 'POST' }); var s = document.createElement('script'); s.src = 'https://stats.example/a.js'; document.head.appendChild(s);`);
    expect(needOn(analytics, ['reviews'])).toBeUndefined();
    expect(readOtherSitesScript(`new Worker('w.js'); document.write('<script src="x.js"><\/script>');`)).toBe(false);
  });

  it('reads a hostile script in linear time, keeping a bounded set of names', () => {
    const reading = readScript(`fetch(u).then(r => r.text()).then(t => { el.innerHTML = t; });` + `'ab' + "#cd-ef" + `.repeat(200_000), false);
    expect(reading).toMatchObject({ names: new Set(['ab', 'cd-ef']) });
    const many = readScript(`fetch(u).then(r => r.text()).then(t => { el.innerHTML = t; });` + Array.from({ length: 5_000 }, (_, i) => `'id${i}'`).join('+'), false);
    expect(typeof many === 'object' && many.names.size).toBe(2_000);
  });
});

describe('readFrame', () => {
  it("says why a frame's document of the page's site falls short as served, as a page's would", () => {
    const widget = `<p>Temperature</p><canvas id="c"></canvas><script>fetch('data.json').then((r) => r.json()).then((d) => { out.textContent = d.now; });</script>`;
    expect(readFrame(widget, 'https://example.test/widgets/clock.html')).toBe('its frame /widgets/clock.html: an inline script fills part of it from the network');
    expect(readFrame('<div id="root"></div><script src="app.js"></script>', 'https://example.test/embed/')).toBe('its frame /embed/: its scripts fill an empty <div id="root">');
    expect(readFrame('<h1>Terms</h1><p>Written on the server.</p><script>document.body.classList.add("js")</script>', 'https://example.test/terms.html')).toBe(false);
    expect(readFrame('<div id="root"></div>', 'https://example.test/blank.html')).toBe(false);
  });
});

describe('placeholderIds', () => {
  it('names elements left empty or saying they load, not those with content or a data-id', () => {
    const html = `<div id="aa"></div><ul id='bb'> </ul><section id=cc>Loading reviews…</section><p id="dd">Written text</p>
      <div data-id="ee"></div><div class="x" id="ff">...</div><span id="gg"><b>x</b></span><i id="h"></i><a id="error"></a><A ID=fatal></A><div id="search-results"></div>`;
    // A one-letter id is left out: its quoted name is in any script; so is an empty link target
    // (pino's API guide has <a id="error"></a>, and a client router's bundle says 'error'), and
    // where search results go (shown once someone searches).
    expect(placeholderIds(html)).toEqual(['aa', 'bb', 'cc', 'ff']);
  });

  it('reads hostile markup in linear time', () => {
    expect(placeholderIds('<div id="x"'.repeat(100_000))).toEqual([]);
    expect(placeholderIds('<a id=b>'.repeat(100_000))).toEqual([]);
  });
});
