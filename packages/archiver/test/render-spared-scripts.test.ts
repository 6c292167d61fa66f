import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// A static site generator's header search (Hugo themes write one): every page leaves its hits
// list empty, and the site's search script fills it from the network. `auto` reads that script
// as one that fills its page, so the pages are rendered; but this one asks for its index only
// when someone types, and a render gives a page nothing its static copy lacks. Once a page of a
// shape showed that, the next pages of that shape are not rendered for the script. A script
// that fills the list as the page loads (the second site) keeps its every page rendered.

const POSTS = ['tents', 'stoves', 'boots', 'maps', 'water', 'knots'];
const ON_INPUT = `const box = document.getElementById('q');
const hits = document.getElementById('hits');
let pages;
box.addEventListener('input', async () => {
  pages ??= await fetch(document.body.dataset.index).then((answer) => answer.json());
  hits.replaceChildren(...pages.filter((page) => page.title.toLowerCase().includes(box.value.toLowerCase())).map((page) => {
    const item = document.createElement('li');
    item.textContent = page.title;
    return item;
  }));
});`;
const ON_LOAD = `const hits = document.getElementById('hits');
fetch(document.body.dataset.index).then((answer) => answer.json()).then((pages) => {
  hits.replaceChildren(...pages.slice(0, 3).map((page) => {
    const item = document.createElement('li');
    item.textContent = 'Popular: ' + page.title;
    return item;
  }));
});`;

/** In the page: the titles an asynchronous XHR GET of the site's index gets, or why it got none. */
const XHR_TITLES = `new Promise((resolve) => {
  const xhr = new XMLHttpRequest();
  xhr.open('GET', '/index.json');
  xhr.onload = () => resolve(JSON.parse(xhr.responseText).map((page) => page.title));
  xhr.onerror = () => resolve('failed');
  xhr.send();
})`;

function page(title: string, links: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body data-index="/index.json"><header><input id="q" placeholder="Search"><ul id="hits"></ul></header>
<main><h1>${title}</h1><p>${'Notes from the long trail, kept by the people who walk it. '.repeat(5)}</p>${links}</main>
<script src="/js/search.js"></script></body></html>`;
}

function blog(script: string, paths = POSTS.map((post) => `/posts/${post}/`)) {
  const links = paths.map((path) => `<a href="${path}">${path}</a>`).join(' ');
  return {
    '/': { body: page('Trail notes', links) },
    ...Object.fromEntries(paths.map((path) => [path, { body: page(`On ${path.split('/')[2]}`, '<a href="/">Home</a>') }])),
    '/index.json': { type: 'application/json', body: JSON.stringify(POSTS.map((post) => ({ title: `On ${post}`, url: `/posts/${post}/` }))) },
    '/js/search.js': { type: 'text/javascript', body: script },
  };
}

async function mirror(site: FixtureSite, sink = new MemorySink()): Promise<Map<string, string>> {
  // One page at a time: each page is decided after the one before it was rendered.
  await archiveSite(`${site.origin}/`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, pageConcurrency: 1, renderTimeoutMs: 30_000 });
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  const outputs = new Map<string, string>();
  for (const entry of manifest.resources) if (entry.path?.endsWith('.html')) outputs.set(new URL(entry.url).pathname, entry.render?.output ?? 'static');
  return outputs;
}

// A documentation generator's sidebar (rustdoc's): a script the page names lists the site's items
// from another it names, and switches its theme's stylesheet, which `auto` reads as a need. The
// render gives each page text only; whether its static copy shows that text decides. A script
// that writes the page's place from its address (breadcrumbs) writes another place from a folder.
const ITEMS = Array.from({ length: 40 }, (_, i) => `item_${i}`);
const SIDEBAR = `if (localStorage.getItem('theme') === 'dark') {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/css/dark.css';
  document.head.append(link);
}
document.getElementById('sidebar').replaceChildren(...window.ITEMS.map((name) => {
  const item = document.createElement('li');
  item.textContent = name;
  return item;
}));`;
const BREADCRUMBS = `${SIDEBAR}
document.getElementById('crumbs').textContent = location.pathname.split('/').filter(Boolean).join(' / ');`;
const DOC_PAGES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((name) => `/api/${name}/`);

function docs(script: string) {
  const body = (title: string, links: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav><p id="crumbs"></p><ul id="sidebar"></ul></nav><main><h1>${title}</h1><p>${'Returns the value the call was given, or none when it had none. '.repeat(6)}</p>${links}</main>
<script src="/js/items.js"></script><script src="/js/sidebar.js"></script></body></html>`;
  return {
    '/': { body: body('Crate docs', DOC_PAGES.map((path) => `<a href="${path}">${path}</a>`).join(' ')) },
    ...Object.fromEntries(DOC_PAGES.map((path) => [path, { body: body(`Function ${path.split('/')[2]}`, '<a href="/">Crate</a>') }])),
    '/js/items.js': { type: 'text/javascript', body: `window.ITEMS = ${JSON.stringify(ITEMS)};` },
    '/js/sidebar.js': { type: 'text/javascript', body: script },
  };
}

// Six sections of two pages each: six shapes besides the start page's.
const SECTIONS = ['posts', 'notes', 'guides', 'gear', 'maps', 'people'];
const SECTIONED = SECTIONS.flatMap((section) => [`/${section}/first/`, `/${section}/second/`]);

let searchOnInput: FixtureSite;
let filledOnLoad: FixtureSite;
let sectioned: FixtureSite;
let sidebar: FixtureSite;
let breadcrumbs: FixtureSite;
beforeAll(async () => {
  sidebar = await serveFixture(docs(SIDEBAR));
  breadcrumbs = await serveFixture(docs(BREADCRUMBS));
  searchOnInput = await serveFixture(blog(ON_INPUT));
  filledOnLoad = await serveFixture(blog(ON_LOAD));
  sectioned = await serveFixture(blog(ON_INPUT, SECTIONED));
});
afterAll(async () => {
  await searchOnInput?.close();
  await filledOnLoad?.close();
  await sectioned?.close();
  await sidebar?.close();
  await breadcrumbs?.close();
});

describe("render auto: a site's script whose render gives its pages nothing", () => {
  it('is rendered for on the first page of each shape only; the next pages of that shape stay static', async () => {
    const sink = new MemorySink();
    const outputs = await mirror(searchOnInput, sink);
    expect(outputs.size).toBe(POSTS.length + 1);
    // The start page (its shape of its own) and the first post were rendered; each gave nothing.
    expect(outputs.get('/')).not.toBe('static');
    const rendered = POSTS.filter((post) => outputs.get(`/posts/${post}/`) !== 'static');
    expect(rendered).toHaveLength(1);
    // Asked for once: by the start page's render typing into the box (type-in-search.ts), once per capture.
    expect(searchOnInput.hits.get('/index.json') ?? 0).toBe(1);
    // Offline, a static post's box finds the posts from that recording (static-site-answers.ts), as the live start page's does.
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const spared = POSTS.find((post) => outputs.get(`/posts/${post}/`) === 'static')!;
    const paths = ['index.html', manifest.resources.find((r) => r.url.endsWith(`/posts/${spared}/`))!.path!];
    await withOfflineCopy(sink, 'sitezip-spared-search-', async ({ open, requests }) => {
      for (const path of paths) {
        const page = await open(path);
        await page.locator('#q').pressSequentially('knots');
        await expect.poll(() => page.locator('#hits li').allTextContents(), { message: path }).toEqual(['On knots']);
        // So is an XHR of the same file (jQuery's $.getJSON asks by XHR).
        expect(await page.evaluate(XHR_TITLES), path).toEqual(POSTS.map((post) => `On ${post}`));
      }
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 120_000);

  it('is not rendered for on any shape once it gave nothing on three', async () => {
    const outputs = await mirror(sectioned);
    expect(outputs.size).toBe(SECTIONED.length + 1);
    const rendered = [...outputs].filter(([, output]) => output !== 'static').map(([path]) => path);
    // The start page and the first pages of two sections; a fourth section's trial may have
    // begun beside the third (two pages are decided at once).
    expect(rendered.length, rendered.join(' ')).toBeGreaterThanOrEqual(3);
    expect(rendered.length, rendered.join(' ')).toBeLessThanOrEqual(4);
  }, 120_000);

  it('keeps rendering every page when the script fills the page as it loads', async () => {
    const outputs = await mirror(filledOnLoad);
    expect(outputs.size).toBe(POSTS.length + 1);
    for (const [path, output] of outputs) expect(output, path).not.toBe('static');
  }, 120_000);
});

describe("render auto: a site's script whose render gives its pages text only", () => {
  it("is spared on a shape once the first page's static copy, checked offline, shows that text", async () => {
    const outputs = await mirror(sidebar);
    expect(outputs.size).toBe(DOC_PAGES.length + 1);
    const rendered = DOC_PAGES.filter((path) => outputs.get(path) !== 'static');
    expect(rendered).toHaveLength(1);
  }, 120_000);

  it('is rendered for on every page when the static copy shows other text (a place read from its address)', async () => {
    const outputs = await mirror(breadcrumbs);
    expect(outputs.size).toBe(DOC_PAGES.length + 1);
    for (const [path, output] of outputs) expect(output, path).not.toBe('static');
  }, 120_000);
});
