import { Socket } from 'node:net';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  archivePage,
  archiveSite,
  isArchiveError,
  openCrawlState,
  ResumeMismatch,
  ZipSink,
  type ArchiveSummary,
  type BrowserSource,
  type CaptureProgress,
} from '@sitezip/archiver';
import { stateFiles } from './features/crawl-state/state-files.js';
import { ZIP_FD, type CaptureRequest, type CaptureUsage, type ChildMessage, type ParentMessage } from './features/capture/capture-protocol.js';

// Process edge of one capture, forked by the process that runs jobs (see capture-pool.ts). It
// loads the engine while it waits, runs exactly one capture, streams the ZIP through ZIP_FD,
// and exits: whatever a hostile page does to this process's memory or time ends with it.

const PROGRESS_EVERY_MS = 100;

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, undefined, {}, () => resolve());
  });
}

const cancel = new AbortController();
// The parent is gone (crash, kill -9): nobody will read the ZIP, so stop at once.
process.on('disconnect', () => process.exit(1));

const browser = browserFromParent();

process.on('message', (message: ParentMessage) => {
  if (message.type === 'cancel') cancel.abort();
  else if (message.type === 'capture') void capture(message.request, message.sharedBrowser);
  else if (message.type === 'browser') browser.answer(message);
});

async function capture(request: CaptureRequest, sharedBrowser: boolean): Promise<void> {
  const progress = progressSender();
  const hooks = { onProgress: progress.push, signal: cancel.signal, ...(sharedBrowser ? { browser: browser.source } : {}) };
  const cpuAtStart = process.cpuUsage();
  const usage = (): CaptureUsage => {
    const cpu = process.cpuUsage(cpuAtStart);
    return { cpuUs: cpu.user + cpu.system };
  };
  try {
    const summary: ArchiveSummary =
      request.mode === 'full' && request.stateDir
        ? await resumableSite(request, request.stateDir, hooks)
        : request.mode === 'full'
          ? await archiveSite(request.url, new ZipSink(zipOutput()), request.options, hooks)
          : await archivePage(request.url, new ZipSink(zipOutput()), request.options, hooks);
    progress.flush();
    const { url: _url, manifest: _manifest, ...result } = summary;
    await send({ type: 'done', summary: result, usage: usage() });
  } catch (error) {
    progress.flush();
    await send(
      isArchiveError(error)
        ? { type: 'failed', failure: { code: error.code, message: error.message, retryable: error.retryable, status: error.status, connection: error.connection }, usage: usage() }
        : { type: 'crashed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    );
  }
  process.disconnect();
}

/** The pipe the ZIP's bytes go to the parent through. */
function zipOutput(): Socket {
  return new Socket({ fd: ZIP_FD, readable: false, writable: true });
}

/**
 * A crawl that survives this process: written to a file in the job's folder with its journal,
 * continued from there when the job runs again, and sent to the parent once complete (a
 * truncated stream could not be continued). The capture pool creates the folder; a failure keeps
 * it; the job runner removes it once the job is over.
 */
async function resumableSite(request: CaptureRequest, stateDir: string, hooks: Parameters<typeof archiveSite>[3]): Promise<ArchiveSummary> {
  const { output, partial } = stateFiles(stateDir);
  // The same job's URL changes only for its http fallback, whose crawl starts afresh.
  const state = await openCrawlState(output, partial, request.url, request.options, true).catch((error: unknown) => {
    if (error instanceof ResumeMismatch) return openCrawlState(output, partial, request.url, request.options, false);
    throw error;
  });
  // The parent checkpoints these files from now on.
  await send({ type: 'state-opened' });
  const summary = await archiveSite(request.url, state.sink, request.options, { ...hooks, resume: state.resume });
  state.keep();
  await pipeline(createReadStream(partial), zipOutput());
  return summary;
}

/** Progress leaves at most every 100 ms: the parent publishes each message it gets. */
function progressSender() {
  let latest: CaptureProgress | undefined;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (latest) void send({ type: 'progress', progress: latest });
    latest = undefined;
  };
  return {
    push(progress: CaptureProgress) {
      latest = progress;
      timer ??= setTimeout(flush, PROGRESS_EVERY_MS);
    },
    flush,
  };
}

/**
 * The parent's shared browser as the engine's BrowserSource: a slot is asked for and given back
 * by message. (Slots still held when this process ends are given back by the parent.)
 */
function browserFromParent() {
  const waiting = new Map<number, { resolve(endpoint: string): void; reject(error: Error): void }>();
  let next = 0;
  const source: BrowserSource = {
    acquire: () =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        void send({ type: 'browser-acquire', id });
      }),
    release: () => void send({ type: 'browser-release' }),
  };
  return {
    source,
    answer(message: Extract<ParentMessage, { type: 'browser' }>) {
      const waiter = waiting.get(message.id);
      waiting.delete(message.id);
      if ('endpoint' in message) waiter?.resolve(message.endpoint);
      else waiter?.reject(new Error(message.error));
    },
  };
}

await send({ type: 'ready' });
