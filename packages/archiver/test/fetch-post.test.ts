import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpFetcher, parseOptions, type ArchiveOptionsInput } from '../src/index.js';
import { MAX_REQUEST_BODY_BYTES } from '../src/fetch/request-body.js';
import { serveFixture, TLS_CERT_PATH, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';

// A fetcher asked to POST: what reaches the server, what is never sent twice, and what is never sent.

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  httpVersion: string;
}

let site: FixtureSite | undefined;
let fetcher: HttpFetcher | undefined;
let received: Received[] = [];
afterEach(async () => {
  await fetcher?.close();
  await site?.close();
  site = undefined;
  fetcher = undefined;
  received = [];
});

/** A route that keeps what it received (the body read to its end) and then answers with `answer`. */
const recording = (answer: (response: ServerResponse, request: Received) => void): FixtureRoute => ({
  handle: (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const seen = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString(), httpVersion: request.httpVersion };
      received.push(seen);
      answer(response, seen);
    });
  },
});
const echo = recording((response, request) => response.writeHead(200, { 'content-type': 'text/plain' }).end(`${request.method} ${request.body}`));
const redirect = (status: number, location: string) => recording((response) => response.writeHead(status, { location }).end());

async function serve(routes: Record<string, FixtureRoute>, options: { h2?: boolean } = {}, input: ArchiveOptionsInput = {}) {
  site = await serveFixture(routes, options);
  fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 2, ...input }), {}, { ca: readFileSync(TLS_CERT_PATH) });
  return { site, fetcher };
}

const JSON_BODY = Buffer.from('{"query":"{ pets { name } }"}');

describe('a POST', () => {
  it('arrives with its method, body and the page’s own headers, and nothing the engine keeps to itself', async () => {
    const { site, fetcher } = await serve({ '/graphql': echo });
    const response = await fetcher.fetch(`${site.origin}/graphql`, {
      method: 'POST',
      body: JSON_BODY,
      headers: {
        'content-type': 'application/json',
        'x-api-version': '2',
        'apollographql-client-name': 'docs',
        origin: site.origin,
        cookie: 'set=by-script',
        authorization: 'Bearer from-the-page',
        host: 'elsewhere.example',
        'x-http-method-override': 'DELETE',
        'x-forwarded-for': '10.0.0.1',
        'sec-fetch-mode': 'cors',
      },
    });
    expect(response.body.toString()).toBe(`POST ${JSON_BODY.toString()}`);
    expect(received).toHaveLength(1);
    const { headers } = received[0]!;
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(JSON_BODY.length),
      'x-api-version': '2',
      'apollographql-client-name': 'docs',
      origin: site.origin,
      host: new URL(site.origin).host,
    });
    for (const name of ['cookie', 'authorization', 'x-http-method-override', 'x-forwarded-for', 'sec-fetch-mode']) expect(headers[name]).toBeUndefined();
  });

  it('goes over HTTP/2 with its body where the origin offers it', async () => {
    const { site, fetcher } = await serve({ '/graphql': echo }, { h2: true });
    const response = await fetcher.fetch(`${site.origin}/graphql`, { method: 'POST', body: JSON_BODY, headers: { 'content-type': 'application/json' } });
    expect(response.protocol).toBe('h2');
    expect(response.body.toString()).toBe(`POST ${JSON_BODY.toString()}`);
    expect(received.map((r) => [r.httpVersion, r.headers['content-type']])).toEqual([['2.0', 'application/json']]);
  });

  it('is not sent again when the server is overloaded, where a GET is', async () => {
    const busy = recording((response) => response.writeHead(503, { 'retry-after': '0' }).end('busy'));
    const { site, fetcher } = await serve({ '/busy': busy });
    const post = await fetcher.fetch(`${site.origin}/busy`, { method: 'POST', body: JSON_BODY });
    expect(post.status).toBe(503);
    expect(received.map((r) => r.method)).toEqual(['POST']);
    await fetcher.fetch(`${site.origin}/busy`);
    expect(received.map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'GET']);
  });

  it('is not sent again when the connection drops after it went out, where a GET is', async () => {
    const reset = recording((response) => response.socket?.destroy());
    const { site, fetcher } = await serve({ '/reset': reset });
    await expect(fetcher.fetch(`${site.origin}/reset`, { method: 'POST', body: JSON_BODY })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(received).toHaveLength(1);
    await expect(fetcher.fetch(`${site.origin}/reset`)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(received).toHaveLength(4);
  });

  it.each([301, 302, 303])('becomes a GET without its body after a %i, as in browsers', async (status) => {
    const { site, fetcher } = await serve({ '/form': redirect(status, '/done'), '/done': echo });
    const response = await fetcher.fetch(`${site.origin}/form`, { method: 'POST', body: Buffer.from('a=1'), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(response).toMatchObject({ status: 200, url: `${site.origin}/done`, redirects: [`${site.origin}/form`] });
    expect(received.map((r) => [r.method, r.path, r.body, r.headers['content-type'], r.headers['content-length']])).toEqual([
      ['POST', '/form', 'a=1', 'application/x-www-form-urlencoded', '3'],
      ['GET', '/done', '', undefined, undefined],
    ]);
  });

  it.each([307, 308])('keeps its method and body after a %i', async (status) => {
    const { site, fetcher } = await serve({ '/old': redirect(status, '/graphql'), '/graphql': echo });
    const response = await fetcher.fetch(`${site.origin}/old`, { method: 'POST', body: JSON_BODY, headers: { 'content-type': 'application/json' } });
    expect(response.body.toString()).toBe(`POST ${JSON_BODY.toString()}`);
    expect(received.map((r) => [r.method, r.path, r.body, r.headers['content-type']])).toEqual([
      ['POST', '/old', JSON_BODY.toString(), 'application/json'],
      ['POST', '/graphql', JSON_BODY.toString(), 'application/json'],
    ]);
  });

  it('is refused at the guard before connecting to a private address, when private networks are not allowed', async () => {
    const { site } = await serve({ '/graphql': echo });
    const guarded = new HttpFetcher(parseOptions({ allowPrivateNetworks: false, retries: 2 }));
    try {
      await expect(guarded.fetch(`${site.origin}/graphql`, { method: 'POST', body: JSON_BODY })).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    } finally {
      await guarded.close();
    }
    expect(site.connections()).toBe(0);
  });

  it('is refused at the guard on a 307 to a metadata address', async () => {
    const { site, fetcher } = await serve({ '/old': redirect(307, 'http://169.254.169.254/latest/api/token') });
    await expect(fetcher.fetch(`${site.origin}/old`, { method: 'POST', body: JSON_BODY })).rejects.toMatchObject({ code: 'FORBIDDEN_ADDRESS' });
    expect(received.map((r) => r.path)).toEqual(['/old']);
  });

  it('with a body past the cap is refused before anything is sent', async () => {
    const { site, fetcher } = await serve({ '/graphql': echo });
    const body = Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1, 'a');
    await expect(fetcher.fetch(`${site.origin}/graphql`, { method: 'POST', body })).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: expect.stringContaining(`${MAX_REQUEST_BODY_BYTES + 1} bytes, more than the ${MAX_REQUEST_BODY_BYTES}`),
    });
    expect(site.connections()).toBe(0);
    // At the cap it goes.
    await fetcher.fetch(`${site.origin}/graphql`, { method: 'POST', body: body.subarray(1) });
    expect(received[0]?.body.length).toBe(MAX_REQUEST_BODY_BYTES);
  });
});
