import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { archivePage, MemorySink, type Manifest } from '../src/index.js';
import { PNG_1PX, serveFixture, type FixtureSite } from './support/fixture-site.js';

const local = { allowPrivateNetworks: true, retries: 0 };
let site: FixtureSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const manifestOf = (sink: MemorySink) => JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
const failure = (sink: MemorySink, suffix: string) => manifestOf(sink).resources.find((r) => r.url.endsWith(suffix));

/**
 * A temporary folder for this test alone, made the process's (the engine spools under
 * os.tmpdir(), which reads TMPDIR), so other test files running at once leave nothing in it.
 */
async function ownTmpdir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitezip-bad-input-'));
  vi.stubEnv('TMPDIR', dir);
  onTestFinished(async () => {
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  });
  return dir;
}

describe('hostile and broken websites', () => {
  it('reads the sloppy HTTP of old servers (bare LF line ends, control characters in a header)', async () => {
    const server = createServer((socket) =>
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\nContent-Type: text/html\nX-Odd: a\u0001b\nContent-Length: 14\n\n<h1>Old!</h1>\n')),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const sink = new MemorySink();
      await archivePage(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, sink, local);
      expect(sink.text('index.html')).toContain('<h1>Old!</h1>');
    } finally {
      server.close();
    }
  });

  it('stops an endless response at the size limit and a declared 2 GB one before reading it', async () => {
    const temp = await ownTmpdir();
    site = await serveFixture({
      '/': { body: '<img src="endless.png"><img src="huge.png"><img src="ok.png">' },
      '/endless.png': {
        handle: (_request, response) => {
          response.writeHead(200, { 'content-type': 'image/png' });
          const chunk = Buffer.alloc(64 * 1024);
          const pump = () => {
            while (response.write(chunk));
            response.once('drain', pump);
          };
          response.on('close', () => response.removeAllListeners('drain'));
          pump();
        },
      },
      '/huge.png': {
        handle: (_request, response) => {
          response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(2 * 1024 ** 3) });
          response.write(Buffer.alloc(1024));
        },
      },
      '/ok.png': { type: 'image/png', body: PNG_1PX },
    });
    const sink = new MemorySink();
    await archivePage(site.url, sink, { ...local, maxResourceBytes: 5_000_000, spoolThresholdBytes: 1_000_000 });
    expect(failure(sink, '/endless.png')).toMatchObject({ errorCode: 'TOO_LARGE' });
    expect(failure(sink, '/huge.png')).toMatchObject({ errorCode: 'TOO_LARGE' });
    expect(failure(sink, '/ok.png')).toMatchObject({ status: 200 });
    // The partly spooled body was removed with its temporary folder.
    expect(await readdir(temp)).toEqual([]);
  });

  it('spools large bodies to disk and still archives them intact', async () => {
    const temp = await ownTmpdir();
    const big = randomBytes(3_000_000);
    site = await serveFixture({ '/': { body: '<video src="movie.mp4"></video>' }, '/movie.mp4': { type: 'video/mp4', body: big } });
    const sink = new MemorySink();
    await archivePage(site.url, sink, { ...local, spoolThresholdBytes: 1_000_000 });
    const saved = [...sink.files].find(([path]) => path.endsWith('movie.mp4'))?.[1];
    expect(saved?.equals(big)).toBe(true);
    expect(await readdir(temp)).toEqual([]);
  });

  it('gives up on a body that trickles forever', async () => {
    site = await serveFixture({
      '/': { body: '<img src="slow.png"><p>page</p>' },
      '/slow.png': {
        handle: (_request, response) => {
          response.writeHead(200, { 'content-type': 'image/png' });
          const timer = setInterval(() => response.write('x'), 20);
          response.on('close', () => clearInterval(timer));
        },
      },
    });
    const sink = new MemorySink();
    await archivePage(site.url, sink, { ...local, resourceTimeoutMs: 500 });
    expect(failure(sink, '/slow.png')).toMatchObject({ errorCode: 'TIMEOUT' });
    expect(sink.text('index.html')).toContain('<p>page</p>');
  });

  it('caps the resources of a page with 10,000 images and says why it stopped', async () => {
    const images = Array.from({ length: 10_000 }, (_, i) => `<img src="/i/${i}.png">`).join('');
    site = await serveFixture({ '/': { body: images }, '/i/': { type: 'image/png', body: PNG_1PX } });
    const sink = new MemorySink();
    const summary = await archivePage(site.url, sink, { ...local, maxResources: 100 });
    expect(summary.stoppedBy).toMatch(/maxResources/);
    expect(summary.files).toBeLessThanOrEqual(100);
    const html = sink.text('index.html');
    expect(html).not.toContain('src="/i/');
    expect(html.match(/src=""/g)?.length).toBeGreaterThan(9_000);
  });

  it('survives malformed markup, binary served as HTML, invalid URLs and self-references', async () => {
    site = await serveFixture({
      '/': {
        body: `<html><head><style>p{background:url(</style><link rel=stylesheet href="broken.css"></head><body>
<p <b>unclosed <img src="http://[::1"><img src="http://exa mple.com/a.png"><a href="http://%zz">x</a>
<iframe src="/"></iframe><img src="%%%"><svg><use href="#"/></svg></table></div></body>`,
      },
      '/broken.css': { type: 'text/css', body: '@import "broken.css"; p { color: red; background: url("unterminated' },
      '/binary': { type: 'text/html', body: randomBytes(20_000) },
    });
    const sink = new MemorySink();
    await archivePage(site.url, sink, local);
    const html = sink.text('index.html');
    expect(html).toContain('<iframe src="index.html"></iframe>');
    expect(html).toContain('src="http://[::1"');
    expect(site.hits.get('/broken.css')).toBe(1);
    const binary = new MemorySink();
    await archivePage(`${site.origin}/binary`, binary, local);
    expect(binary.files.has('index.html')).toBe(true);
  });
});
