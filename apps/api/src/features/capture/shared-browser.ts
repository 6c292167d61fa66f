import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { killTree, readTreeUsage } from '@sitezip/archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { RunAs } from '../../lib/system-user.js';
import type { BrowserProcessMessage } from './capture-protocol.js';
import { edgeEntry, forkEdge } from './fork-edge.js';

export interface SharedBrowserSettings {
  /** Render contexts open at once, across all captures; more wait for a free slot. */
  concurrency: number;
  /** Private memory of the browser's process tree past which it is restarted, once no render uses it. */
  restartAboveBytes: number;
  /** Past this it is killed at once: the renders in it fail, and their pages are saved as served. */
  memoryLimitBytes: number;
  /** Runs the browser as this user (the server is root), as capture processes run. */
  runAs?: RunAs | undefined;
  /** How often the browser's memory is read while it runs. */
  checkEveryMs?: number;
  /** The browser process's entry point (tests use others). */
  entry?: URL;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** One render slot: the endpoint to connect to, held until released. */
export interface BrowserSlot {
  endpoint: string;
  release(): void;
}

interface Running {
  child: ChildProcess;
  endpoint: string;
  /** Chromium's own process (its tree holds the renderers). */
  pid: number;
  timer: NodeJS.Timeout | undefined;
}

const LAUNCH_TIMEOUT_MS = 60_000;
const STDERR_TAIL = 2048;
const MB = 1024 * 1024;

/**
 * One Chromium that the capture processes of this process render in, each in contexts of its
 * own over its own connection: started on the first render, kept for the next. It runs in a
 * process of its own (browser-process.ts), as the capture user when the server is root, so
 * Chromium keeps its sandbox. At most `concurrency` contexts are open at once; the browser's
 * process tree is watched, restarted when idle past `restartAboveBytes` and killed past
 * `memoryLimitBytes`. A browser that dies is started again by the next render.
 */
export class SharedBrowser {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private current: Running | undefined;
  private starting: Promise<Running> | undefined;
  private closed = false;
  private started = 0;
  private readonly entry: URL;

  constructor(private readonly settings: SharedBrowserSettings) {
    this.entry = settings.entry ?? edgeEntry('browser-process', import.meta.url);
  }

  /** Browser starts so far (failed ones too). */
  get launches(): number {
    return this.started;
  }

  /** Chromium's pid while it runs. */
  get pid(): number | undefined {
    return this.current?.pid;
  }

  /** Waits for a free slot (or `signal`), then for the browser; rejects when it cannot start. */
  async acquire(signal: AbortSignal): Promise<BrowserSlot> {
    await this.slot(signal);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.();
      if (this.current) this.check(this.current);
    };
    try {
      return { endpoint: (await this.browser()).endpoint, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const run = this.current ?? (await this.starting?.catch(() => undefined));
    if (run) await this.stop(run);
  }

  private slot(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    if (this.active < this.settings.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(signal.reason as Error);
      };
      this.waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private browser(): Promise<Running> {
    if (this.closed) return Promise.reject(new Error('The shared browser is closed.'));
    if (this.current) return Promise.resolve(this.current);
    this.starting ??= this.launch().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async launch(): Promise<Running> {
    this.started++;
    const child = forkEdge(this.entry, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], runAs: this.settings.runAs });
    let tail = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', () => undefined);
    const message = await new Promise<BrowserProcessMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('The browser took too long to start.'));
      }, LAUNCH_TIMEOUT_MS);
      child.once('message', (m: BrowserProcessMessage) => {
        clearTimeout(timer);
        resolve(m);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The browser process exited (${signal ?? code}): ${tail.trim()}`));
      });
    });
    if (message.type === 'failed') throw new Error(message.message);
    const run: Running = { child, endpoint: message.endpoint, pid: message.pid, timer: undefined };
    child.once('exit', () => {
      this.forget(run);
      // Chromium leads a process group of its own: it may outlive the process that started it.
      killTree(run.pid);
    });
    if (this.closed) {
      await this.stop(run);
      throw new Error('The shared browser is closed.');
    }
    this.current = run;
    run.timer = setInterval(() => this.check(run), this.settings.checkEveryMs ?? 250);
    run.timer.unref();
    this.settings.log?.info({ browserPid: run.pid, launches: this.started }, 'shared browser started');
    return run;
  }

  /** Kills a runaway browser now; restarts a grown one once no render uses it. */
  private check(run: Running): void {
    const memory = readTreeUsage(run.pid);
    if (!memory) return;
    const mb = Math.round(memory.privateBytes / MB);
    if (memory.privateBytes > this.settings.memoryLimitBytes) {
      this.settings.log?.warn({ browserPid: run.pid, privateMb: mb, renders: this.active }, 'shared browser past its memory limit: killed');
      void this.stop(run);
    } else if (this.active === 0 && memory.privateBytes > this.settings.restartAboveBytes) {
      this.settings.log?.info({ browserPid: run.pid, privateMb: mb }, 'shared browser grown while idle: restarted');
      void this.stop(run);
    }
  }

  /** Connections to it drop: their renders fail, and the next render starts a new browser. */
  private async stop(run: Running): Promise<void> {
    this.forget(run);
    const exited = run.child.exitCode === null && run.child.signalCode === null ? once(run.child, 'exit') : undefined;
    killTree(run.pid);
    run.child.kill('SIGKILL');
    await exited;
  }

  private forget(run: Running): void {
    clearInterval(run.timer);
    run.timer = undefined;
    if (this.current === run) this.current = undefined;
  }
}
