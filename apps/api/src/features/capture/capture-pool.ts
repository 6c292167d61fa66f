import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chown, mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { ArchiveError, type CaptureProgress } from '@sitezip/archiver';
import type { JobMetrics } from '@sitezip/contracts';
import type { RunAs } from '../../lib/system-user.js';
import type { ZipUpload } from '../files/file-store.js';
import { ZIP_FD, type CaptureRequest, type CaptureSummary, type ChildMessage, type ParentMessage } from './capture-protocol.js';
import { lendSlots } from './browser-slots.js';
import { edgeEntry, forkEdge } from './fork-edge.js';
import { ProcessSampler } from './process-sampler.js';
import type { SharedBrowser } from './shared-browser.js';

/** Why a capture process was ended from outside, or died. */
export type CaptureDeath = 'memory' | 'deadline' | 'crash';

/** The capture's process ran out of memory, overran its deadline or crashed: this job fails, nothing else. */
export class CaptureProcessError extends Error {
  override readonly name = 'CaptureProcessError';
  constructor(
    readonly death: CaptureDeath,
    detail: string,
  ) {
    super(detail);
  }
}

export interface CapturePoolSettings {
  /** Resident memory of a capture's whole process tree; past it the capture is killed. */
  memoryLimitBytes: number;
  /** Processes kept started with the engine loaded, so that a capture does not wait for one. */
  warm: number;
  /** The capture process's entry point (tests use misbehaving ones). */
  entry?: URL;
  /** Runs capture processes (and the browsers they start) as this user (the server is root). */
  runAs?: RunAs | undefined;
  /** Captures render in this browser; without it each capture that renders starts its own. */
  browser?: SharedBrowser | undefined;
}

export interface CaptureHooks {
  onProgress(progress: CaptureProgress): void;
  /** Cancels the capture: it stops and its ZIP is dropped. */
  signal?: AbortSignal;
  /** The capture is killed this long after it starts, whatever it is doing. */
  deadlineMs: number;
  /** A crawl with a state folder has opened its state there (see CaptureRequest.stateDir). */
  onStateOpened?(): void;
}

export interface CaptureOutcome {
  summary: CaptureSummary;
  metrics: JobMetrics;
}

const SAMPLE_MS = 100;
const CANCEL_GRACE_MS = 5_000;
const STDERR_TAIL = 4096;

const ownEntry = edgeEntry('capture-process', import.meta.url);

interface Spare {
  child: ChildProcess;
  ready: Promise<void>;
  stderr: () => string;
}

/**
 * Runs each capture in a process of its own, forked from this one: a memory cap on its heap
 * and on the resident memory of its process tree (measured from outside, so native memory and
 * child processes count too), a deadline enforced with SIGKILL, and its death failing only its
 * own job. A process serves one capture and exits; `warm` of them wait ready, engine loaded.
 */
export class CapturePool {
  private readonly spares: Spare[] = [];
  private readonly running = new Set<ChildProcess>();
  private closed = false;
  private warmed = false;
  private readonly entry: URL;

  constructor(private readonly settings: CapturePoolSettings) {
    this.entry = settings.entry ?? ownEntry;
  }

  /** Starts the warm processes; only a process that runs jobs calls it. */
  warmUp(): void {
    this.warmed = true;
    this.refill();
  }

  async run(request: CaptureRequest, upload: ZipUpload, hooks: CaptureHooks): Promise<CaptureOutcome> {
    if (this.closed) throw new Error('the capture pool is closed');
    const spare = this.spares.shift() ?? this.spawn();
    this.running.add(spare.child);
    try {
      await spare.ready;
      if (request.stateDir) await this.prepareStateDir(request.stateDir);
      // Cancelled while its process was still starting: the abort event has come and gone.
      if (hooks.signal?.aborted) throw new ArchiveError('ABORTED', 'The download was cancelled.');
      return await this.capture(spare, request, upload, hooks);
    } catch (error) {
      await upload.abort();
      throw error;
    } finally {
      this.running.delete(spare.child);
      spare.child.kill('SIGKILL');
      // The next process loads the engine after this capture, not while it competes for the CPU.
      if (this.warmed) this.refill();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const children = [...this.spares.map((s) => s.child), ...this.running];
    this.spares.length = 0;
    await Promise.all(children.map(stop));
  }

  /** A crawl's state folder, for the capture process's user only (the parent creates it: it may be root). */
  private async prepareStateDir(dir: string): Promise<void> {
    // The folder of all jobs can be passed through, not listed.
    await mkdir(dirname(dir), { recursive: true, mode: 0o711 });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const user = this.settings.runAs;
    if (!user) return;
    await chown(dir, user.uid, user.gid);
    // What this process put there (a state rebuilt from checkpoints) is the capture's to rename and remove.
    for (const path of await readdir(dir, { recursive: true })) await chown(join(dir, path), user.uid, user.gid);
  }

  private refill(): void {
    while (!this.closed && this.spares.length < this.settings.warm) this.spares.push(this.spawn());
  }

  private spawn(): Spare {
    const heapMb = Math.max(64, Math.floor((this.settings.memoryLimitBytes / (1024 * 1024)) * 0.75));
    const child = forkEdge(this.entry, {
      execArgv: [`--max-old-space-size=${heapMb}`],
      // fd 3 carries the ZIP; the IPC channel comes after it.
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'ipc'],
      runAs: this.settings.runAs,
    });
    let tail = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    // An idle spare that dies is simply not used; a running one is handled by capture().
    child.on('error', () => undefined);
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type !== 'ready') return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
      child.once('exit', (code, signal) => reject(new CaptureProcessError('crash', `capture process exited before it was ready (${signal ?? code}): ${tail}`)));
    });
    ready.catch(() => {
      const index = this.spares.findIndex((s) => s.child === child);
      if (index >= 0) this.spares.splice(index, 1);
    });
    return { child, ready, stderr: () => tail };
  }

  private async capture(spare: Spare, request: CaptureRequest, upload: ZipUpload, hooks: CaptureHooks): Promise<CaptureOutcome> {
    const { child } = spare;
    const zip = child.stdio[ZIP_FD] as Readable;
    zip.pipe(upload.stream, { end: false });
    const zipEnded = once(zip, 'end');
    zipEnded.catch(() => undefined);
    const sampler = new ProcessSampler(child.pid!);
    let killedFor: CaptureDeath | undefined;
    const kill = (death: CaptureDeath) => {
      killedFor ??= death;
      child.kill('SIGKILL');
    };
    const watchdog = setInterval(() => {
      if (sampler.sample() > this.settings.memoryLimitBytes) kill('memory');
    }, SAMPLE_MS);
    const deadline = setTimeout(() => kill('deadline'), hooks.deadlineMs);
    let cancelTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      send(child, { type: 'cancel' });
      cancelTimer = setTimeout(() => child.kill('SIGKILL'), CANCEL_GRACE_MS);
    };
    hooks.signal?.addEventListener('abort', onAbort, { once: true });
    const slots = lendSlots(this.settings.browser, (message) => send(child, message));
    try {
      const last = await new Promise<ChildMessage | undefined>((resolve) => {
        child.on('message', (message: ChildMessage) => {
          if (message.type === 'progress') hooks.onProgress(message.progress);
          else if (message.type === 'state-opened') hooks.onStateOpened?.();
          else if (message.type === 'browser-acquire' || message.type === 'browser-release') slots.handle(message);
          else if (message.type !== 'ready') resolve(message);
        });
        // 'close' comes after the last message was read ('exit' may come before it).
        child.once('close', () => resolve(undefined));
        send(child, { type: 'capture', request, sharedBrowser: this.settings.browser !== undefined });
      });
      sampler.sample();
      if (last?.type === 'done' || last?.type === 'failed') sampler.note(last.usage);
      if (last?.type === 'done') {
        await zipEnded;
        upload.stream.end();
        await upload.commit();
        return { summary: last.summary, metrics: sampler.metrics() };
      }
      if (last?.type === 'failed') {
        const { code, message, retryable, status, connection } = last.failure;
        throw new ArchiveError(code, message, { retryable, ...(status === undefined ? {} : { status }), ...(connection ? { connection } : {}) });
      }
      if (last?.type === 'crashed') throw new CaptureProcessError('crash', last.message);
      if (hooks.signal?.aborted) throw new ArchiveError('ABORTED', 'The download was cancelled.');
      const ended = child.signalCode ?? child.exitCode;
      throw new CaptureProcessError(killedFor ?? deathFrom(child.signalCode, spare.stderr()), `capture process ended (${ended}): ${spare.stderr()}`);
    } finally {
      slots.releaseAll();
      clearInterval(watchdog);
      clearTimeout(deadline);
      clearTimeout(cancelTimer);
      hooks.signal?.removeEventListener('abort', onAbort);
      zip.unpipe(upload.stream);
    }
  }
}

/**
 * V8 prints this when the heap cap is reached, then aborts the process; a SIGKILL we did not
 * send comes from the kernel's out-of-memory killer.
 */
function deathFrom(signal: NodeJS.Signals | null, stderr: string): CaptureDeath {
  return signal === 'SIGKILL' || /heap out of memory|Reached heap limit|Allocation failed/i.test(stderr) ? 'memory' : 'crash';
}

function send(child: ChildProcess, message: ParentMessage): void {
  if (child.connected) child.send(message, (error) => error && child.kill('SIGKILL'));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}
