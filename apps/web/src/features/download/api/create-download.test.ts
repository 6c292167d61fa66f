import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// env.ts reads window.location at import time; give it one before loading the modules.
vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
const { createDownload, DownloadFailedError } = await import('./create-download');
const { ApiError, NetworkError } = await import('../../../lib/api-errors');

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => fetchMock.mockReset());

function reply(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const ok = {
  success: true,
  message: 'Done',
  download_url: '/files/a.zip',
  filename: 'a.zip',
  metrics: { peak_memory_mb: 10, avg_cpu_percent: null },
};

describe('createDownload', () => {
  it('posts {url, mode} as JSON without credentials and returns the result', async () => {
    reply(200, ok);
    await expect(createDownload({ url: 'https://example.com/', mode: 'single' })).resolves.toMatchObject(ok);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://app.test/download');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'https://example.com/', mode: 'single' });
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('rejects success:false with the server message', async () => {
    reply(200, { success: false, message: 'Site not found' });
    await expect(createDownload({ url: 'https://x.com/', mode: 'single' })).rejects.toEqual(
      new DownloadFailedError('Site not found'),
    );
  });

  it('rejects a non-2xx answer with an ApiError carrying detail', async () => {
    reply(504, { detail: 'timeout' });
    const error = await createDownload({ url: 'https://x.com/', mode: 'single' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 504, detail: 'timeout' });
  });

  it('rejects a failed fetch with a NetworkError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(createDownload({ url: 'https://x.com/', mode: 'single' })).rejects.toBeInstanceOf(NetworkError);
  });
});
