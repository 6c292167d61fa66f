import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../src/fetch/http-fetcher.js';
import { archivePage, MemorySink, parseOptions, type Manifest } from '../src/index.js';
import { BrowserHost, parseRenderLimits, renderPage, type RenderResult } from '../src/render/index.js';
import { FORMS_SHOWN, postRoutes, SHOWN } from './render-post.fixture.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { offlineContext, unpackSink } from './support/offline-copy.js';
import { BROWSER_UA, FETCHER_UA, type SeenRequest } from './support/render-site.js';

// A page built from POSTs (GraphQL, a search form, bodies as bytes and Blob, a synchronous XHR): rendered with each
// POST sent once through the engine's fetcher, and kept running offline by the replay layer.

const seen: SeenRequest[] = [];
let site: FixtureSite;
let host: BrowserHost;
let fetcher: HttpFetcher;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const graphqlBody = (query: string, variables?: unknown) => JSON.stringify({ query, variables });
const TITLE = graphqlBody('query Title { site { title } }');
const PETS = graphqlBody('query Pets($first: Int) { pets(first: $first) { name } }', { first: 2 });

beforeAll(async () => {
  site = await serveFixture(postRoutes(seen));
  host = new BrowserHost({ userAgent: BROWSER_UA });
  fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0, userAgent: FETCHER_UA }));
});

afterAll(async () => {
  await host?.close();
  await fetcher?.close();
  await site?.close();
});

function render(path: string): Promise<RenderResult> {
  return renderPage(`${site.origin}${path}`, { fetcher, host, signal: new AbortController().signal, limits: parseRenderLimits() });
}

describe('a page built from POSTs', () => {
  let result: RenderResult;
  beforeAll(async () => {
    seen.length = 0;
    result = await render('/');
  });

  it('is rendered with every answer', () => {
    for (const text of SHOWN) expect(result.html).toContain(text);
    expect(result.blocked).toEqual([]);
  });

  it('sent each POST once, through the engine’s fetcher, the same query asked twice included', () => {
    const posts = seen.map(({ method, path, body, userAgent }) => `${method} ${path} ${body} ${userAgent}`).sort();
    expect(posts).toEqual(
      [
        `POST /graphql ${TITLE} ${FETCHER_UA}`,
        `POST /graphql ${PETS} ${FETCHER_UA}`,
        `POST /search q=otter&page=1 ${FETCHER_UA}`,
        `POST /echo sent as bytes ${FETCHER_UA}`,
        `POST /echo sent as a Blob ${FETCHER_UA}`,
        `POST /echo so,k ${FETCHER_UA}`,
      ].sort(),
    );
  });

  it('records each POST by method, URL and the hash of its body', () => {
    const posts = result.exchanges.filter((exchange) => exchange.method === 'POST');
    const graphql = `${site.origin}/graphql`;
    expect(posts.map((exchange) => exchange.key).sort()).toEqual(
      [
        `POST ${graphql} sha256=${sha256(TITLE)}`,
        `POST ${graphql} sha256=${sha256(PETS)}`,
        `POST ${site.origin}/search sha256=${sha256('q=otter&page=1')}`,
        `POST ${site.origin}/echo sha256=${sha256('sent as bytes')}`,
        `POST ${site.origin}/echo sha256=${sha256('sent as a Blob')}`,
        `POST ${site.origin}/echo sha256=${sha256('so,k')}`,
      ].sort(),
    );
    const pets = posts.find((exchange) => exchange.requestBodySha256 === sha256(PETS));
    expect(pets).toMatchObject({ url: graphql, resourceType: 'fetch', response: { status: 200, mimeType: 'application/json' } });
    expect(pets?.response.body.toString()).toContain('Ollie');
    expect(posts.find((exchange) => exchange.url.endsWith('/search'))?.resourceType).toBe('xhr');
  });
});

describe('what a capture never sends', () => {
  it('refuses a PUT, a beacon and a body past the cap, which never reach the server, and says why', async () => {
    seen.length = 0;
    const result = await render('/refused');
    expect(result.html).toContain('PUT refused');
    expect(result.blocked.map(({ method, url, reason, requestBodySha256 }) => ({ method, url, reason, requestBodySha256 }))).toEqual(
      expect.arrayContaining([
        { method: 'PUT', url: `${site.origin}/graphql`, reason: 'method', requestBodySha256: sha256('{"pets":[]}') },
        { method: 'POST', url: `${site.origin}/collect`, reason: 'method', requestBodySha256: sha256('seen') },
      ]),
    );
    expect(result.blocked.find((request) => request.method === 'PUT')?.message).toMatch(/never sent: a capture must not change the site/);
    expect(result.blocked.find((request) => request.url.endsWith('/echo'))).toMatchObject({
      method: 'POST',
      reason: 'fetch-failed',
      code: 'TOO_LARGE',
      message: expect.stringContaining(`is ${1024 * 1024 + 1} bytes, more than the ${1024 * 1024} bytes a capture sends`),
    });
    expect(seen).toEqual([]);
  });

  it('names each refusal and its reason in the manifest', async () => {
    const sink = new MemorySink();
    await archivePage(`${site.origin}/refused`, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 15_000 });
    const refused = (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render?.refusedRequests;
    expect(refused).toEqual(
      expect.arrayContaining([
        { method: 'PUT', url: `${site.origin}/graphql`, reason: 'method', message: 'PUT requests are never sent: a capture must not change the site.' },
        { method: 'POST', url: `${site.origin}/echo`, reason: 'fetch-failed', message: expect.stringMatching(/is 1048577 bytes, more than the 1048576 bytes a capture sends/) },
      ]),
    );
    expect(seen).toEqual([]);
  });
});

describe('its capture', () => {
  let sink: MemorySink;
  let manifest: Manifest;
  let dir: string;
  beforeAll(async () => {
    ({ sink, manifest, dir } = await renderedAndUnpacked(site.url));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the live copy: the self-check saw it answer every POST offline', () => {
    const render = manifest.resources[0]?.render;
    expect(render).toMatchObject({ output: 'live', refused: 0, check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
    expect(render?.posted?.map(({ url, status }) => `${status} ${new URL(url).pathname}`).sort()).toEqual(
      ['200 /echo', '200 /echo', '200 /echo', '200 /graphql', '200 /graphql', '200 /search'],
    );
    expect(sink.text('sitezip-replay.js')).toContain(`"POST ${site.origin}/graphql sha256=${sha256(PETS)}"`);
    // Rendering sent each POST once; the checks offline sent none.
    expect(seen.filter((request) => request.path === '/graphql')).toHaveLength(2);
    expect(seen).toHaveLength(6);
  });

  it('shows every answer when opened from file:// with the network refused', async () => {
    // The copy is the page as served, empty until its script ran on the replay layer.
    const index = sink.text('index.html');
    expect(index).toContain('<span id="pets">…</span>');
    expect(index).toMatch(/<script src="sitezip-replay\.js"><\/script>.*<script src="[^"]*app\.js"><\/script>/s);
    const opened = await openedOffline(dir, SHOWN);
    for (const shown of SHOWN) expect(opened.text).toContain(shown);
    expect({ online: opened.online, failed: opened.failed }).toEqual({ online: [], failed: [] });
  });
});

/** `url` captured with render `always` (the POSTs it sends counted afresh), and its files unpacked into a folder. */
async function renderedAndUnpacked(url: string): Promise<{ sink: MemorySink; manifest: Manifest; dir: string }> {
  seen.length = 0;
  const sink = new MemorySink();
  await archivePage(url, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 15_000 });
  const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
  return { sink, manifest, dir: await unpackSink(sink, 'sitezip-render-post-') };
}

/**
 * The copy in `dir` opened from file:// with every other request refused, once `shown` is all on
 * the page (each answer arrives by promise after load) or 5 s have passed.
 */
async function openedOffline(dir: string, shown: readonly string[]): Promise<{ text: string; online: string[]; failed: string[] }> {
  const lease = await host.open();
  try {
    const { online, failed } = await offlineContext(lease.context);
    const page = await lease.context.newPage();
    await page.goto(pathToFileURL(join(dir, 'index.html')).href, { waitUntil: 'load' });
    await page.waitForFunction((texts) => texts.every((text) => document.body.textContent?.includes(text)), shown, { timeout: 5_000 }).catch(() => undefined);
    return { text: await page.evaluate(() => document.body.textContent ?? ''), online, failed };
  } finally {
    await lease.close();
  }
}

describe('a page that posts FormData (a random multipart boundary at every send)', () => {
  let sink: MemorySink;
  let manifest: Manifest;
  let dir: string;
  beforeAll(async () => {
    ({ sink, manifest, dir } = await renderedAndUnpacked(`${site.origin}/forms`));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sends each form once and records it by the hash of its canonical form', () => {
    const render = manifest.resources[0]?.render;
    expect(seen.filter((request) => request.path === '/form')).toHaveLength(FORMS_SHOWN.length);
    const posted = render?.posted ?? [];
    expect(posted.map(({ status, url }) => `${status} ${new URL(url).pathname}`)).toEqual(FORMS_SHOWN.map(() => '200 /form'));
    // Each key is one the replay file holds (what the page's FormData hashes to offline).
    for (const { requestBodySha256 } of posted) expect(sink.text('sitezip-replay.js')).toContain(`"POST ${site.origin}/form sha256=${requestBodySha256}"`);
  });

  it('keeps the live copy, which answered every form offline in the self-check', () => {
    expect(manifest.resources[0]?.render).toMatchObject({ output: 'live', refused: 0, check: { failedRequests: 0, onlineRequests: 0, textMatch: 1 } });
  });

  it('shows every answer when opened from file:// with the network refused', async () => {
    // The page as served, its answers still to come from the replay layer.
    expect(sink.text('index.html')).toContain('<span id="fields">…</span>');
    const posts = seen.length;
    const opened = await openedOffline(dir, FORMS_SHOWN);
    for (const shown of FORMS_SHOWN) expect(opened.text).toContain(shown);
    expect({ online: opened.online, failed: opened.failed }).toEqual({ online: [], failed: [] });
    expect(seen).toHaveLength(posts);
  });
});
