import { gzipSync, brotliCompressSync, deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { archivePage, ArchiveError, HttpFetcher, MemorySink, parseOptions, type Manifest } from '../src/index.js';
import { PNG_1PX, serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';

// The static path: these pages have scripts and little text, which render: auto would load in a browser.
const local = { allowPrivateNetworks: true, retries: 0, render: 'never' as const };
let site: FixtureSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

function manifestOf(sink: MemorySink): Manifest {
  return JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
}

describe('archivePage', () => {
  it('saves the page as index.html with its stylesheet, script and image, linked relatively', async () => {
    site = await serveFixture({
      '/': {
        body: `<!doctype html><html><head><title>Home</title><link rel="stylesheet" href="/css/site.css"><script src="app.js"></script></head>
<body><h1>Hello</h1><img src="/img/logo.png" alt="logo"><img src="/missing.png"><a href="/about">About</a></body></html>`,
      },
      '/css/site.css': { type: 'text/css', body: 'body { background: url("../img/bg.png") }' },
      '/app.js': { type: 'text/javascript', body: 'document.title += "!";' },
      '/img/logo.png': { type: 'image/png', body: PNG_1PX },
      // Other bytes: identical content would be stored once, at the first URL's path.
      '/img/bg.png': { type: 'image/png', body: Buffer.concat([PNG_1PX, Buffer.from('bg')]) },
    });
    const sink = new MemorySink();
    const summary = await archivePage(site.url, sink, local);
    const host = `127.0.0.1_${new URL(site.url).port}`;
    const index = sink.text('index.html');
    expect(index).toContain(`href="${host}/css/site.css"`);
    expect(index).toContain(`src="${host}/app.js"`);
    expect(index).toContain(`src="${host}/img/logo.png"`);
    expect(index).toContain(`href="${site.origin}/about"`);
    expect(index).not.toContain('/missing.png');
    expect(index).toContain('Content-Security-Policy');
    expect(sink.text(`${host}/css/site.css`)).toBe('body { background: url("../img/bg.png") }');
    // Requested early by the preload scan and found again by the parse: still one request.
    expect(site.hits.get('/css/site.css')).toBe(1);
    expect(summary.manifest.resources.filter((r) => r.url.endsWith('/css/site.css'))).toHaveLength(1);
    expect(sink.files.get(`${host}/img/logo.png`)).toEqual(PNG_1PX);
    expect(summary.title).toBe('Home');
    expect(summary.failures).toBe(1);
    const manifest = manifestOf(sink);
    expect(manifest.resources.find((r) => r.url.endsWith('/missing.png'))).toMatchObject({ status: 404, errorCode: 'HTTP_ERROR' });
    expect(manifest.resources.find((r) => r.url.endsWith('/logo.png'))).toMatchObject({ status: 200, contentType: 'image/png', bytes: PNG_1PX.length });
    expect(sink.closed).toBe(true);
  });

  it('fetches a resource referenced many times once and follows CSS import cycles', async () => {
    site = await serveFixture({
      '/': { body: '<link rel=stylesheet href=a.css><link rel=stylesheet href=./a.css><img src=i.png><img src="/i.png#x">' },
      '/a.css': { type: 'text/css', body: '@import "b.css"; .a{background:url(i.png)}' },
      '/b.css': { type: 'text/css', body: '@import url(a.css); .b{background:url("/i.png")}' },
      '/i.png': { type: 'image/png', body: PNG_1PX },
    });
    const sink = new MemorySink();
    await archivePage(site.url, sink, local);
    expect(site.hits.get('/a.css')).toBe(1);
    expect(site.hits.get('/i.png')).toBe(1);
    const host = `127.0.0.1_${new URL(site.url).port}`;
    expect(sink.text(`${host}/b.css`)).toContain('@import url(a.css)');
    expect(sink.text('index.html')).toContain(`src="${host}/i.png#x"`);
  });

  it('undoes gzip, deflate and br, and follows redirects using the final URL', async () => {
    site = await serveFixture({
      '/': { handle: (_q, r) => r.writeHead(302, { location: '/home/' }).end() },
      '/home/': {
        headers: { 'content-encoding': 'gzip' },
        body: gzipSync('<link rel=stylesheet href="s.css"><script src="j.js"></script><p>ok</p>'),
      },
      '/home/s.css': { type: 'text/css', headers: { 'content-encoding': 'br' }, body: brotliCompressSync('p{color:red}') },
      '/home/j.js': { type: 'text/javascript', headers: { 'content-encoding': 'deflate' }, body: deflateSync('1+1') },
    });
    const sink = new MemorySink();
    const summary = await archivePage(site.url, sink, local);
    expect(summary.finalUrl).toBe(`${site.origin}/home/`);
    const host = `127.0.0.1_${new URL(site.url).port}`;
    expect(sink.text(`${host}/home/s.css`)).toBe('p{color:red}');
    expect(sink.text(`${host}/home/j.js`)).toBe('1+1');
    expect(sink.text('index.html')).toContain('<p>ok</p>');
  });

  it('asks with the Accept header a browser sends, for servers that negotiate on it', async () => {
    const negotiated = (wants: string, body: string, type: string): FixtureRoute => ({
      handle: (request, response) => {
        const ok = request.headers.accept?.startsWith(wants);
        response.writeHead(ok ? 200 : 406, { 'content-type': ok ? type : 'application/json' }).end(ok ? body : '{}');
      },
    });
    site = await serveFixture({
      '/': negotiated('text/html', '<link rel=stylesheet href=s.css><img src=i.png><iframe src=f></iframe>', 'text/html'),
      '/s.css': negotiated('text/css', 'p{color:red}', 'text/css'),
      '/i.png': negotiated('image/avif', '', 'image/png'),
      '/f': negotiated('text/html', '<p>frame</p>', 'text/html'),
    });
    const sink = new MemorySink();
    const summary = await archivePage(site.url, sink, local);
    expect(summary.failures).toBe(0);
    expect(summary.files).toBe(4);
  });

  it('refuses loopback and private addresses unless allowed', async () => {
    site = await serveFixture({ '/': { body: 'secret' } });
    const sink = new MemorySink();
    await expect(archivePage(site.url, sink)).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    expect(site.hits.size).toBe(0);
    await expect(archivePage('http://2130706433:1/', new MemorySink())).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    await expect(archivePage('http://[::1]:1/', new MemorySink())).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
  });

  it('reports a bug inside a processor as an internal error, not a network failure', async () => {
    site = await serveFixture({
      '/': { body: '<link rel="stylesheet" href="/broken.css"><p>page</p>' },
      '/broken.css': { type: 'text/css', body: 'p{}' },
    });
    const fetcher = new HttpFetcher(parseOptions(local));
    // A response the CSS processor cannot read: its code throws a TypeError, as a bug would.
    const buggy = {
      fetch: async (url: string, init?: Parameters<HttpFetcher['fetch']>[1]) => {
        const resource = await fetcher.fetch(url, init);
        return url.endsWith('/broken.css') ? { ...resource, body: null as unknown as Buffer } : resource;
      },
      close: () => fetcher.close(),
    };
    const sink = new MemorySink();
    await archivePage(site.url, sink, local, { fetcher: buggy });
    await fetcher.close();
    const entry = manifestOf(sink).resources.find((r) => r.url.endsWith('/broken.css'));
    expect(entry).toMatchObject({ errorCode: 'INTERNAL', error: expect.stringMatching(/^Internal error: /) });
    expect(sink.text('index.html')).toContain('<p>page</p>');
  });

  it('checks every redirect hop against the address guard', async () => {
    site = await serveFixture({ '/': { handle: (_q, r) => r.writeHead(302, { location: 'http://10.0.0.1/' }).end() } });
    // Only 10.0.0.1 is refused here, so the first hop (the fixture) connects and the second must be stopped.
    const options = parseOptions({ ...local, allowPrivateNetworks: false });
    const fetcher = new HttpFetcher(options, { isBlocked: (address) => address === '10.0.0.1' });
    const failure = await archivePage(site.url, new MemorySink(), options, { fetcher }).catch((e: unknown) => e);
    await fetcher.close();
    expect(failure).toBeInstanceOf(ArchiveError);
    expect(failure).toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    expect(site.hits.get('/')).toBe(1);
  });

  it('reports missing pages, blocking sites and redirect loops with clear messages', async () => {
    site = await serveFixture({
      '/gone': { status: 404, body: 'nope' },
      '/forbidden': { status: 403, body: 'no bots' },
      '/challenge': { body: '<html><head><title>Just a moment...</title></head><body>cf</body></html>' },
      '/loop': { handle: (_q, r) => r.writeHead(301, { location: '/loop' }).end() },
    });
    await expect(archivePage(`${site.origin}/gone`, new MemorySink(), local)).rejects.toThrow(/not found.*spelled correctly/);
    await expect(archivePage(`${site.origin}/forbidden`, new MemorySink(), local)).rejects.toThrow(/blocking/);
    await expect(archivePage(`${site.origin}/challenge`, new MemorySink(), local)).rejects.toThrow(/blocking/);
    await expect(archivePage(`${site.origin}/loop`, new MemorySink(), local)).rejects.toMatchObject({ code: 'TOO_MANY_REDIRECTS' });
    await expect(archivePage('ftp://example.com/', new MemorySink(), local)).rejects.toMatchObject({ code: 'INVALID_URL' });
    await expect(archivePage('http://no-such-host.example/', new MemorySink(), local)).rejects.toThrow(/not found.*spelled correctly/);
    // .invalid never exists (RFC 6761): refused before asking DNS, even on private networks.
    await expect(archivePage('http://no-such-host.invalid/', new MemorySink(), local)).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
  });

  it('times out on a page that never answers', async () => {
    site = await serveFixture({ '/': { handle: () => undefined } });
    await expect(archivePage(site.url, new MemorySink(), { ...local, requestTimeoutMs: 300 })).rejects.toThrow(/timeout/);
  });

  it('records an oversized asset as failed without holding it', async () => {
    site = await serveFixture({
      '/': { body: '<img src="big.bin"><img src="bomb.png">' },
      '/big.bin': { type: 'application/octet-stream', body: Buffer.alloc(300_000) },
      '/bomb.png': { type: 'image/png', headers: { 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(5_000_000)) },
    });
    const sink = new MemorySink();
    const summary = await archivePage(site.url, sink, { ...local, maxResourceBytes: 100_000 });
    expect(summary.failures).toBe(2);
    const codes = manifestOf(sink).resources.filter((r) => r.error).map((r) => r.errorCode);
    expect(codes).toEqual(['TOO_LARGE', 'TOO_LARGE']);
  });

  it('stops saving at maxTotalBytes even when every file arrives at once', async () => {
    // Six distinct bodies fetched in parallel and spooled to disk (hashed, then saved, later): the
    // limit counts each as it passes, not once saved.
    const images = Array.from({ length: 6 }, (_, i) => Buffer.concat([PNG_1PX, Buffer.alloc(100_000, i + 1)]));
    site = await serveFixture({
      '/': { body: images.map((_, i) => `<img src="/i${i}.png">`).join('') },
      ...Object.fromEntries(images.map((body, i) => [`/i${i}.png`, { type: 'image/png', body }])),
    });
    const sink = new MemorySink();
    const summary = await archivePage(site.url, sink, { ...local, maxTotalBytes: 250_000, spoolThresholdBytes: 50_000 });
    expect([...sink.files.keys()].filter((path) => path.endsWith('.png'))).toHaveLength(2);
    const manifest = manifestOf(sink);
    expect(manifest.stoppedByCode).toBe('max-total-bytes');
    expect(manifest.resources.filter((r) => r.errorCode === 'LIMIT_REACHED')).toHaveLength(4);
    expect(summary.failures).toBe(4);
  });
});

describe('identical content', () => {
  it('is stored once, however many URLs serve it, and every reference points at that file', async () => {
    const same = Buffer.concat([PNG_1PX, Buffer.from('same bytes')]);
    const site = await serveFixture({
      '/': { body: '<title>t</title><img src="/a.png"><img src="/b.png?v=2"><img src="/c.png"><link rel="stylesheet" href="/s.css">' },
      '/a.png': { type: 'image/png', body: same },
      '/b.png?v=2': { type: 'image/png', body: same },
      '/c.png': { type: 'image/png', body: PNG_1PX },
      '/s.css': { type: 'text/css', body: 'body { background: url(a.png) }' },
    });
    try {
      const sink = new MemorySink();
      const summary = await archivePage(site.url, sink, local);
      const sources = [...sink.text('index.html').matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
      expect(sources).toHaveLength(3);
      expect(sources[0]).toBe(sources[1]);
      expect(sources[2]).not.toBe(sources[0]);
      expect([...sink.files.keys()].filter((path) => path.endsWith('.png'))).toHaveLength(2);
      // Both URLs are in the manifest, at the one file; the count is of files in the ZIP.
      const entries = summary.manifest.resources.filter((r) => r.url.includes('/a.png') || r.url.includes('/b.png'));
      expect(entries.map((r) => r.path)).toEqual([sources[0], sources[0]]);
      expect(summary.files).toBe(sink.files.size - 1);
    } finally {
      await site.close();
    }
  });
});
