import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WARCParser } from 'warcio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { archivePage, archiveSite, HttpFetcher, MemorySink, openWarcFile, parseOptions, type Manifest } from '../src/index.js';
import { PNG_1PX, serveFixture, TLS_CERT_PATH, type FixtureSite } from './support/fixture-site.js';

const CSS = 'body { background: url(bg.png) } /* served gzip-encoded */';
const CSS_GZIP = gzipSync(CSS);
const PAGE = '<title>WARC</title><link rel="stylesheet" href="/style.css"><img src="/hop.png"><img src="/gone.png"><script src="/chunked.js"></script><a href="/about">about</a>';

let site: FixtureSite;
let dir: string;
/** Request headers the server saw, by path. */
const seen = new Map<string, IncomingHttpHeaders>();
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-warc-'));
  const note = (request: IncomingMessage) => seen.set(request.url ?? '', request.headers);
  site = await serveFixture({
    '/': { handle: (q, r) => (note(q), void r.writeHead(200, { 'content-type': 'text/html', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] }).end(PAGE)) },
    '/style.css': { handle: (q, r) => (note(q), void r.writeHead(200, { 'content-type': 'text/css', 'content-encoding': 'gzip' }).end(CSS_GZIP)) },
    '/bg.png': { type: 'image/png', body: PNG_1PX },
    '/hop.png': { status: 301, headers: { location: '/final.png' } },
    '/final.png': { type: 'image/png', body: PNG_1PX },
    // No Content-Length: sent chunked, recorded de-chunked.
    '/chunked.js': {
      handle: (_q: IncomingMessage, r: ServerResponse) => {
        r.writeHead(200, { 'content-type': 'text/javascript' });
        r.write('var a = 1;\n');
        r.end('var b = 2;\n');
      },
    },
    '/about': { body: '<title>About</title>' },
  });
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

interface Parsed {
  type: string;
  uri: string | undefined;
  id: string | undefined;
  concurrentTo: string | null | undefined;
  payloadDigest: string | null | undefined;
  protocol: string | null | undefined;
  line: string | undefined;
  headers: [string, string][];
  payload: Buffer;
}

/** Every record of a .warc.gz, read with warcio's own parser. */
async function readWarc(path: string): Promise<Parsed[]> {
  const records: Parsed[] = [];
  for await (const record of new WARCParser(createReadStream(path), { keepHeadersCase: true })) {
    const payload = Buffer.from(await record.readFully(false));
    records.push({
      type: record.warcType ?? '',
      uri: record.warcTargetURI ?? undefined,
      id: record.warcHeaders.headers.get('WARC-Record-ID') ?? undefined,
      concurrentTo: record.warcHeaders.headers.get('WARC-Concurrent-To'),
      payloadDigest: record.warcHeaders.headers.get('WARC-Payload-Digest'),
      protocol: record.warcHeaders.headers.get('WARC-Protocol'),
      line: record.httpHeaders?.statusline,
      headers: record.httpHeaders ? [...record.httpHeaders.headers] : [],
      payload,
    });
  }
  return records;
}

const sha256 = (data: Buffer | string) => `sha256:${createHash('sha256').update(data).digest('hex')}`;

describe('WARC output', () => {
  it('holds a warcinfo record, then a request and a response record for every URL fetched, as received', async () => {
    const path = join(dir, 'page.warc.gz');
    const warc = await openWarcFile(path, { software: 'sitezip test', description: `Page capture of ${site.url}` });
    const sink = new MemorySink();
    seen.clear();
    const options = { allowPrivateNetworks: true, retries: 0, render: 'never' as const, headers: [['X-Api-Key', 'warc-secret']] as [string, string][] };
    await archivePage(site.url, sink, options, { exchangeLog: warc });
    await warc.close();
    const records = await readWarc(path);

    expect(records[0]).toMatchObject({ type: 'warcinfo' });
    expect(records[0]!.payload.toString()).toContain('software: sitezip test');
    expect(records[0]!.payload.toString()).toContain('format: WARC File Format 1.1');

    const manifest = JSON.parse(sink.text('sitezip-manifest.json')) as Manifest;
    const responses = new Map(records.filter((r) => r.type === 'response').map((r) => [r.uri, r]));
    const requests = new Map(records.filter((r) => r.type === 'request').map((r) => [r.uri, r]));
    const fetched = manifest.resources.filter((entry) => entry.status !== undefined);
    expect(fetched.length).toBe(6);
    for (const entry of fetched) {
      const response = responses.get(entry.finalUrl ?? entry.url);
      expect(response, entry.url).toBeDefined();
      expect(response!.line).toMatch(new RegExp(`^HTTP/1\\.1 ${entry.status} `));
      expect(response!.payloadDigest).toBe(sha256(response!.payload));
      const request = requests.get(entry.finalUrl ?? entry.url)!;
      expect(request.concurrentTo).toBe(response!.id);
      expect(request.line).toBe(`GET ${new URL(entry.finalUrl ?? entry.url).pathname} HTTP/1.1`);
    }
    // A redirect is an exchange of its own.
    expect(responses.get(`${site.origin}/hop.png`)?.line).toBe('HTTP/1.1 301 Moved Permanently');
    expect(responses.get(`${site.origin}/final.png`)?.payloadDigest).toBe(sha256(PNG_1PX));
    // Bodies as they came over the wire: still gzip-encoded, with their headers, every Set-Cookie kept.
    const css = responses.get(`${site.origin}/style.css`)!;
    expect(css.payload.equals(CSS_GZIP)).toBe(true);
    expect(css.payloadDigest).toBe(sha256(CSS_GZIP));
    expect(css.headers).toContainEqual(['content-encoding', 'gzip']);
    expect(responses.get(site.url)!.headers.filter(([name]) => name === 'set-cookie')).toEqual([
      ['set-cookie', 'a=1; Path=/'],
      ['set-cookie', 'b=2; Path=/'],
    ]);
    // A chunked body is recorded de-chunked, its Transfer-Encoding renamed so that readers do not de-chunk it again.
    const js = responses.get(`${site.origin}/chunked.js`)!;
    expect(js.payload.toString()).toBe('var a = 1;\nvar b = 2;\n');
    expect(js.headers).toContainEqual(['X-Archive-Orig-Transfer-Encoding', 'chunked']);
    // The person's header went to the site but is in no record; nor is the cookie the site set.
    expect(seen.get('/style.css')?.['x-api-key']).toBe('warc-secret');
    expect(seen.get('/style.css')?.cookie).toBe('a=1; b=2');
    const requestHeaders = records.filter((r) => r.type === 'request').flatMap((r) => r.headers.map(([name]) => name.toLowerCase()));
    expect(requestHeaders).toContain('host');
    expect(requestHeaders).not.toContain('x-api-key');
    expect(requestHeaders).not.toContain('cookie');
  });

  it('records the pages of a site capture and robots.txt alike', async () => {
    const path = join(dir, 'site.warc.gz');
    const warc = await openWarcFile(path, { software: 'sitezip test', description: 'Site capture' });
    const sink = new MemorySink();
    await archiveSite(site.url, sink, { allowPrivateNetworks: true, retries: 0, render: 'never', useSitemaps: false }, { exchangeLog: warc });
    await warc.close();
    const uris = (await readWarc(path)).filter((r) => r.type === 'response').map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining([site.url, `${site.origin}/about`, `${site.origin}/robots.txt`]));
    expect(warc.exchanges).toBe(uris.length);
  });

  it('records HTTP/2 exchanges with an HTTP/1.1 status line, and says which protocol carried them', async () => {
    const secure = await serveFixture({ '/': { body: '<title>h2</title><img src="/a.png">' }, '/a.png': { type: 'image/png', body: PNG_1PX } }, { h2: true });
    const path = join(dir, 'h2.warc.gz');
    const warc = await openWarcFile(path, { software: 'sitezip test', description: 'HTTP/2' });
    const options = parseOptions({ allowPrivateNetworks: true, retries: 0, render: 'never' });
    const fetcher = new HttpFetcher(options, {}, { ca: readFileSync(TLS_CERT_PATH) }, { startUrl: secure.url, log: warc });
    try {
      await archivePage(secure.url, new MemorySink(), options, { fetcher });
    } finally {
      await fetcher.close();
      await secure.close();
    }
    await warc.close();
    const records = await readWarc(path);
    const image = records.find((r) => r.type === 'response' && r.uri === `${secure.origin}/a.png`)!;
    expect(image.line).toBe('HTTP/1.1 200 OK');
    expect(image.headers).toContainEqual(['content-type', 'image/png']);
    expect(image.payloadDigest).toBe(sha256(PNG_1PX));
    expect(records.filter((r) => r.type === 'response').map((r) => r.protocol)).toEqual(['h2', 'h2']);
  });

  it('records a POST with its method and body, which replay tools match its response by', async () => {
    const body = '{"query":"{ pets { name } }"}';
    const api = await serveFixture({ '/graphql': { handle: (q, r) => void q.resume().on('end', () => r.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}')) } });
    const path = join(dir, 'post.warc.gz');
    const warc = await openWarcFile(path, { software: 'sitezip test', description: 'POST' });
    const fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0 }), {}, {}, { log: warc });
    try {
      await fetcher.fetch(`${api.origin}/graphql`, { method: 'POST', body: Buffer.from(body), headers: { 'content-type': 'application/json' } });
    } finally {
      await fetcher.close();
      await api.close();
    }
    await warc.close();
    const request = (await readWarc(path)).find((r) => r.type === 'request')!;
    expect(request.line).toBe('POST /graphql HTTP/1.1');
    expect(request.headers).toEqual(expect.arrayContaining([['content-type', 'application/json'], ['content-length', String(body.length)]]));
    expect(request.payload.toString()).toBe(body);
  });
});
