import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// env.ts reads window.location at import time; give it one before loading the modules.
vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
const { downloadOf, followJob, MAX_POLL_FAILURES, POLL_INTERVAL_MS } = await import('./follow-job');
const { DownloadFailedError } = await import('./api/create-download');
const { ApiError, NetworkError } = await import('../../lib/api-errors');
type JobView = import('./api/job-view').JobView;

/** Stands in for the browser's EventSource: tests push events with emit(). */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data?: unknown) {
    const body = typeof data === 'string' ? data : JSON.stringify(data);
    const event = type === 'error' ? new Event('error') : new MessageEvent(type, { data: body });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});
beforeEach(() => {
  FakeEventSource.last = undefined;
  vi.useFakeTimers();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
});

const result = {
  success: true,
  message: 'Saved',
  download_url: '/files/j1',
  preview_url: '/preview/j1/',
  filename: 'a.zip',
  metrics: {},
};
const job = (status: JobView['status'], extra: Partial<JobView> = {}): JobView => ({
  id: 'j1',
  status,
  progress: null,
  result: null,
  error: null,
  ...extra,
});
const progress = { phase: 'fetching' as const, found: 10, done: 4, failed: 0, bytes: 2048 };

function reply(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}
const replyJob = (body: JobView) => reply(200, body);

function follow(start: JobView = job('queued')) {
  const onJob = vi.fn();
  const onProgress = vi.fn();
  const controller = new AbortController();
  const finished = followJob(start, { onJob, onProgress, signal: controller.signal });
  return { finished, onJob, onProgress, controller, source: () => FakeEventSource.last! };
}

describe('followJob', () => {
  it('follows the event stream to the done event and closes it', async () => {
    const { finished, onJob, onProgress, source } = follow();
    expect(source().url).toBe('http://app.test/jobs/j1/events');
    source().emit('status', job('running'));
    source().emit('progress', progress);
    source().emit('done', job('done', { result }));
    await expect(finished).resolves.toEqual(job('done', { result }));
    expect(onJob).toHaveBeenCalledWith(job('running'));
    expect(onProgress).toHaveBeenCalledWith(progress);
    expect(source().closed).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('returns the failed job from the failed event', async () => {
    const { finished, source } = follow();
    source().emit('failed', job('failed', { error: 'The site was not found.' }));
    await expect(finished).resolves.toMatchObject({ status: 'failed', error: 'The site was not found.' });
  });

  it('does not open a stream for a job that is already finished', async () => {
    await expect(follow(job('done', { result })).finished).resolves.toMatchObject({ status: 'done' });
    expect(FakeEventSource.last).toBeUndefined();
  });

  it('polls GET /jobs/:id every second once the stream drops', async () => {
    const { finished, onJob, source } = follow();
    source().emit('progress', progress);
    replyJob(job('running', { progress: { ...progress, done: 6 } }));
    replyJob(job('done', { result }));
    source().emit('error');
    expect(source().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://app.test/jobs/j1');
    expect(onJob).toHaveBeenLastCalledWith(job('running', { progress: { ...progress, done: 6 } }));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await expect(finished).resolves.toEqual(job('done', { result }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats an unreadable event as a drop', async () => {
    const { finished, source } = follow();
    replyJob(job('failed', { error: 'timeout' }));
    source().emit('progress', '{not json');
    await expect(finished).resolves.toMatchObject({ status: 'failed', error: 'timeout' });
  });

  it('rides out a few failed polls, then gives up with the last error', async () => {
    const { finished, source } = follow();
    const outcome = finished.catch((error: unknown) => error);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    source().emit('error');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * MAX_POLL_FAILURES);
    expect(await outcome).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(MAX_POLL_FAILURES);
  });

  it('stops polling at once on an answer that will not change (404)', async () => {
    const { finished, source } = follow();
    reply(404, { detail: 'This download does not exist.' });
    source().emit('error');
    const error = await finished.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, detail: 'This download does not exist.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('closes the stream and stops when aborted', async () => {
    const { finished, controller, source } = follow();
    controller.abort();
    await expect(finished).rejects.toMatchObject({ name: 'AbortError' });
    expect(source().closed).toBe(true);
  });

  it('stops polling when aborted between polls', async () => {
    const { finished, controller, source } = follow();
    replyJob(job('running'));
    source().emit('error');
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await expect(finished).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('downloadOf', () => {
  it('returns the result of a done job', () => {
    expect(downloadOf(job('done', { result }))).toBe(result);
  });

  it('fails with the server reason, or none for the fallback message', () => {
    expect(() => downloadOf(job('failed', { error: 'blocking' }))).toThrow(new DownloadFailedError('blocking'));
    expect(() => downloadOf(job('expired'))).toThrow(new DownloadFailedError(undefined));
    expect(() => downloadOf(job('done', { result: { ...result, success: false, message: 'No page' } }))).toThrow('No page');
  });
});
