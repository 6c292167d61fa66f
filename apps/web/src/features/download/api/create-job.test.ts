import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// env.ts reads window.location at import time; give it one before loading the modules.
vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
const { createJob } = await import('./create-job');
const { getJob } = await import('./get-job');
const { ApiError } = await import('../../../lib/api-errors');

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => fetchMock.mockReset());

function reply(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const queued = { id: 'job-1', status: 'queued', progress: null, result: null, error: null };
const created = { ...queued, cancel_token: 'c4nc3l' };
const request = { url: 'https://example.com/', mode: 'single' } as const;

describe('createJob', () => {
  it('posts {url, mode} to /jobs without credentials', async () => {
    reply(202, created);
    await expect(createJob(request)).resolves.toEqual({ ...queued, cancelToken: 'c4nc3l' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://app.test/jobs');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(request);
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('refuses an answer without a cancel token', async () => {
    reply(202, queued);
    await expect(createJob(request)).rejects.toThrow('The new job has no cancel token');
  });

  it('sends the Bearer token when given one', async () => {
    reply(202, created);
    await createJob(request, { token: 't0k' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer t0k');
  });

  it('rejects a refusal with the server detail', async () => {
    reply(429, { detail: 'Too many downloads from your address.' });
    const error = await createJob(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, detail: 'Too many downloads from your address.' });
  });
});

describe('getJob', () => {
  it('reads /jobs/:id', async () => {
    reply(200, { ...queued, status: 'running' });
    await expect(getJob('job-1')).resolves.toMatchObject({ id: 'job-1', status: 'running' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://app.test/jobs/job-1');
  });
});
