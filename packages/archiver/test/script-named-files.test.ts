import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveSite, MemorySink, type Manifest } from '../src/index.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { withOfflineCopy } from './support/offline-copy.js';

// Javadoc's pages (JDK 9 and later): each page says where the site's root is, and the site's
// script loads the search indexes from there by an address it builds. No markup names them.
const SCRIPT = `function loadScripts(doc, tag) {
  createElem(doc, tag, 'member-search-index.js');
  createElem(doc, tag, 'type-search-index.js');
  createElem(doc, tag, 'tag-search-index.js');
}
function createElem(doc, tag, path) {
  var script = doc.createElement(tag);
  var first = doc.getElementsByTagName(tag)[0];
  script.src = pathtoroot + path;
  first.parentNode.insertBefore(script, first);
}`;

const page = (root: string, title: string, links: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<script>var pathtoroot = "${root}";</script><script src="${root}script.js"></script></head>
<body><h1>${title}</h1><p id="count">searching…</p>${links}
<script>loadScripts(document, 'script');
addEventListener('load', function () { document.getElementById('count').textContent = memberSearchIndex.length + ' members, ' + typeSearchIndex.length + ' types'; });</script></body></html>`;

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixture({
    '/index.html': { body: page('./', 'Overview', '<a href="org/tide/Tables.html">Tables</a>') },
    '/org/tide/Tables.html': { body: page('../../', 'Class Tables', '<a href="../../index.html">Overview</a>') },
    '/script.js': { type: 'text/javascript', body: SCRIPT },
    '/member-search-index.js': { type: 'text/javascript', body: 'memberSearchIndex = [{"p":"org.tide","c":"Tables","l":"high()"},{"p":"org.tide","c":"Tables","l":"low()"}];' },
    '/type-search-index.js': { type: 'text/javascript', body: 'typeSearchIndex = [{"p":"org.tide","l":"Tables"}];' },
    // tag-search-index.js: named by the script, not on the site (an empty index Javadoc leaves out).
  });
});
afterAll(() => site.close());

describe('script files a site script names by name only', () => {
  it('are saved, so that a static copy loads them from its folder as the site does; a name the site has no file for leaves no trace', async () => {
    const sink = new MemorySink();
    const summary = await archiveSite(`${site.origin}/index.html`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'never' });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const saved = manifest.resources.filter((entry) => entry.path).map((entry) => new URL(entry.url).pathname);
    expect(saved).toEqual(expect.arrayContaining(['/member-search-index.js', '/type-search-index.js']));
    expect(manifest.resources.map((entry) => entry.url)).not.toContain(`${site.origin}/tag-search-index.js`);
    expect(summary.failures, JSON.stringify(manifest.resources.filter((entry) => entry.error))).toBe(0);
    // The class page, in the site's folder of the copy, and the start page, the copy's index.html
    // beside that folder, whose scripts' addresses from "./" are put in its own folder.
    const pages = manifest.resources.filter((entry) => entry.path?.endsWith('.html')).map((entry) => entry.path!);
    expect(pages).toContain('index.html');
    await withOfflineCopy(sink, 'sitezip-named-scripts-', async ({ open }) => {
      for (const path of pages) {
        const opened = await open(path);
        await expect.poll(() => opened.locator('#count').textContent(), { message: path }).toBe('2 members, 1 types');
      }
    });
  }, 60_000);
});

// Erlang/OTP's documentation: its menu script writes a stylesheet whose list images are named
// from the script's own folder (`url(" + <its src's folder> + "flip_open.gif)`): no markup names them.
describe('images a site script names by name only', () => {
  const MENU = `var flipImg_open = "flip_open.gif";
var folder = document.getElementById("menu-js").getAttribute("src").match(/.*\\//);
document.write("<style>li.open { list-style-image: url(" + folder + flipImg_open + "); }</style>");`;
  let docs: FixtureSite;
  beforeAll(async () => {
    docs = await serveFixture({
      '/doc/index.html': {
        body: `<!doctype html><html><head><meta charset="utf-8"><title>OTP</title><script id="menu-js" src="js/menu/menu.js"></script></head>
<body><ul><li class="open">Applications</li></ul></body></html>`,
      },
      '/doc/js/menu/menu.js': { type: 'text/javascript', body: MENU },
      '/doc/js/menu/flip_open.gif': { type: 'image/gif', body: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') },
    });
  });
  afterAll(() => docs.close());

  it('are saved, so that the static copy shows them from its folder with nothing failed', async () => {
    const sink = new MemorySink();
    const summary = await archiveSite(`${docs.origin}/doc/index.html`, sink, { allowPrivateNetworks: true, retries: 0, useSitemaps: false, render: 'never' });
    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    expect(manifest.resources.filter((entry) => entry.path).map((entry) => new URL(entry.url).pathname)).toContain('/doc/js/menu/flip_open.gif');
    // Also resolved against the page (/doc/flip_open.gif): not on the site, no trace.
    expect(manifest.resources.map((entry) => entry.url)).not.toContain(`${docs.origin}/doc/flip_open.gif`);
    expect(summary.failures).toBe(0);
    await withOfflineCopy(sink, 'sitezip-named-images-', async ({ open, requests }) => {
      const copy = await open();
      await expect.poll(() => copy.evaluate(() => getComputedStyle(document.querySelector('li')!).listStyleImage)).toMatch(/flip_open\.gif/);
      expect(requests).toEqual({ online: [], failed: [] });
    });
  }, 60_000);
});
