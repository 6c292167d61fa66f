import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { ConnectOverCDPTransport } from 'playwright-core';
import { killTree } from '../process-tree.js';
import { trace } from '../trace.js';

/** Characters of Chromium's stderr kept for the message when it does not start. */
const STDERR_TAIL = 2_000;

/**
 * Chromium spawned by this process, not by Playwright's launch, so that it starts while
 * playwright-core is still loading (1–3.5 s of a capture on a busy machine): Playwright then
 * drives it with `connectOverCDP` over the pipe its launch would use (fds 3 and 4, no port to
 * find). What Playwright's launch owned is owned here: the temporary profile, and the process,
 * which is killed rather than asked to close (nothing in it is kept).
 */
export interface ChromiumProcess {
  readonly pid: number | undefined;
  readonly transport: ConnectOverCDPTransport;
  /** Playwright's artifacts folder (downloads are refused: it stays empty), removed with the profile. */
  readonly artifactsDir: string;
  /** Resolves when the browser's main process has exited (or never started). */
  readonly exited: Promise<void>;
  /** The end of what it wrote to stderr. */
  stderr(): string;
  /** Kills its process tree and removes its profile; resolves once both are gone. */
  kill(): Promise<void>;
}

/**
 * Spawns `executablePath` with the switches `args` gives for a fresh profile folder. At once, in
 * this tick (the folders too): playwright-core's loading, started next, holds the thread.
 */
export function spawnChromium(executablePath: string, args: (profileDir: string) => string[]): ChromiumProcess {
  const dir = mkdtempSync(join(tmpdir(), 'sitezip-chromium-'));
  const profile = join(dir, 'profile');
  const artifactsDir = join(dir, 'artifacts');
  mkdirSync(profile);
  mkdirSync(artifactsDir);
  // Its own process group (as Playwright starts it): killed as one with its renderers.
  const child = spawn(executablePath, args(profile), { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });
  const { pid } = child;
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL)));
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      tail += String(error.message);
      resolve();
    });
  });
  // A process that ends without closing the browser (an uncaught error) takes it along.
  const onExit = () => {
    if (pid !== undefined) killTree(pid);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.once('exit', onExit);
  let killing: Promise<void> | undefined;
  return {
    pid,
    transport: new PipeTransport(child.stdio[3] as Writable, child.stdio[4] as Readable),
    artifactsDir,
    exited,
    stderr: () => tail,
    kill: () =>
      (killing ??= (async () => {
        process.off('exit', onExit);
        if (pid !== undefined) killTree(pid);
        await exited;
        trace('browser: exited');
        await rm(dir, { recursive: true, force: true, maxRetries: 3 });
        trace('browser: profile removed');
      })()),
  };
}

/** Chromium's `--remote-debugging-pipe` protocol: JSON messages, each ended by a NUL byte. */
class PipeTransport implements ConnectOverCDPTransport {
  onmessage?: (message: object) => void;
  onclose?: (reason?: string) => void;
  private pending: Buffer[] = [];
  private closed = false;

  constructor(
    private readonly out: Writable,
    input: Readable,
  ) {
    input.on('data', (chunk: Buffer) => this.receive(chunk));
    input.on('close', () => this.end());
    // A pipe that breaks closes: 'close' follows.
    input.on('error', () => undefined);
    out.on('error', () => undefined);
  }

  send(message: object): void {
    if (!this.closed) this.out.write(`${JSON.stringify(message)}\0`);
  }

  /** Playwright's side is done (browser.close()); the process is killed by its owner. */
  close(): void {
    this.out.end();
    this.end();
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      this.pending.push(chunk.subarray(start, end));
      const message = JSON.parse(Buffer.concat(this.pending).toString('utf8')) as object;
      this.pending = [];
      start = end + 1;
      // As Playwright's own pipe transport: each message in a task of its own.
      setImmediate(() => this.onmessage?.(message));
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }
}
