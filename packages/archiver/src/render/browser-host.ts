import { trace } from '../trace.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ArchiveError } from '../errors.js';
import { readTreeUsage, type TreeUsage } from '../process-tree.js';
import { noteRendered } from '../rendered-here.js';
import { CaptureTabs } from './capture-tabs.js';
import { checkExecutable, chromiumArguments, launchFailed } from './chromium-launch.js';
import { spawnChromium, type ChromiumProcess } from './chromium-process.js';
import { loadPlaywright } from './playwright.js';
import { browserHostOptionsSchema, type BrowserHostOptions, type BrowserHostOptionsInput } from './render-options.js';
import { settlesWithin } from './race.js';

/**
 * A browser another process runs and lends out (the API's shared browser): the host connects to
 * it instead of starting one, and holds one of its render slots per open context.
 */
export interface BrowserSource {
  /** Waits for a free render slot; resolves with the running browser's WebSocket endpoint. */
  acquire(): Promise<string>;
  /** Gives back a slot that acquire() gave. */
  release(): void;
}

/** What the host lends (a fresh context, or a tab of the capture's context), and the signal that says its browser is gone. */
interface Lease {
  /** Aborts (with an ArchiveError as reason) when the browser is killed or crashes. */
  readonly lost: AbortSignal;
  /** Closes what was lent; what does not close in time gets the whole browser killed. */
  close(): Promise<void>;
}

/** A fresh browser context of its own. */
export interface BrowserLease extends Lease {
  readonly context: BrowserContext;
}

/** A tab in the host's one context: a render's, or a copy's check. */
export interface PageLease extends Lease {
  readonly page: Page;
  /** With `keep`, the tab goes blank and back to the capture for its next openPage() of the same kind. */
  close(keep?: boolean): Promise<void>;
}

export interface BrowserUsage extends TreeUsage {
  pid: number;
  /** Highest `privateBytes` seen while renders ran in this browser. */
  peakPrivateBytes: number;
}

interface RunningBrowser {
  browser: Browser;
  /** Set when connected to a browser a BrowserSource lends: this host then never kills it. */
  endpoint: string | undefined;
  /** The browser this host started; undefined for a lent one. */
  process: ChromiumProcess | undefined;
  /** Undefined for a lent browser: its memory is its owner's to watch. */
  pid: number | undefined;
  lost: AbortController;
  /** The context the host's tabs open in, made with the first. */
  tabs: Promise<CaptureTabs> | undefined;
  leases: number;
  timer: NodeJS.Timeout | undefined;
  peakPrivateBytes: number;
  /** The watch's last reading of its private memory (0 before the first). */
  privateBytes: number;
}

/**
 * One headless Chromium (Debian's, through playwright-core), started on the first render and
 * shared by renders. A host serves one capture: its renders and checks are tabs of one context
 * (service workers blocked, downloads refused, each tab routed by its user, each in a window of
 * its own: capture-tabs.ts), and a render's tab serves the capture's next render (render-tab.ts).
 * Its process tree's memory is watched while renders run; a browser that grows past
 * `maxMemoryBytes`, or that a tab or context will not leave, is killed and the next render
 * starts a new one.
 *
 * Given a BrowserSource, the host starts nothing: each tab takes a slot of the source's browser,
 * in the capture's context there over a connection of this host's. Its owner watches that
 * browser's memory; what this host would have killed, it disconnects from instead (the browser
 * server then closes the contexts of the connection).
 */
export class BrowserHost {
  readonly options: BrowserHostOptions;
  private current: RunningBrowser | undefined;
  private starting: Promise<RunningBrowser> | undefined;
  private closed = false;

  constructor(
    input: BrowserHostOptionsInput = {},
    private readonly source?: BrowserSource,
  ) {
    this.options = browserHostOptionsSchema.parse(input);
  }

  /** A fresh context of its own: service workers blocked, downloads refused, fixed viewport, the engine's user agent. */
  async open(): Promise<BrowserLease> {
    const { value: context, lost, close } = await this.lend((run) => this.newContext(run), (context) => context.close());
    return { context, lost, close };
  }

  /**
   * A tab in the capture's context (made, as open() makes one, with the first tab): one given
   * back to `kind` when there is one (see PageLease.close), else a new one.
   */
  async openPage(kind = 'tab'): Promise<PageLease> {
    let keep = false;
    const { value, lost, close } = await this.lend(
      async (run) => {
        const tabs = await this.captureTabs(run);
        return { tabs, page: await tabs.open(kind) };
      },
      ({ tabs, page }) => (keep ? tabs.giveBack(kind, page, this.options.closeTimeoutMs) : page.close()),
    );
    const { page } = value;
    return {
      page,
      lost,
      close: (reuse = false) => {
        keep = reuse;
        return close();
      },
    };
  }

  /** Lends what `make` makes in the running browser (in a slot of the source's, when lent one). */
  private async lend<T>(make: (run: RunningBrowser) => Promise<T>, end: (value: T) => Promise<void>): Promise<Lease & { value: T }> {
    if (this.closed) throw new Error('The browser host is closed.');
    if (!this.source) return this.lease(await this.browser(), make, end, () => undefined);
    const source = this.source;
    const endpoint = await source.acquire();
    try {
      return await this.lease(await this.browser(endpoint), make, end, () => source.release());
    } catch (error) {
      source.release();
      throw error;
    }
  }

  /**
   * Starts the browser now, ahead of the first open() (which reports a failure to start): a
   * capture that knows it will render starts it while the page's request is on its way.
   */
  warm(): void {
    if (!this.closed && !this.source) this.browser().catch(() => undefined);
  }

  private newContext(run: RunningBrowser): Promise<BrowserContext> {
    return run.browser.newContext({
      serviceWorkers: 'block',
      acceptDownloads: false,
      javaScriptEnabled: true,
      bypassCSP: false,
      viewport: { width: this.options.viewportWidth, height: this.options.viewportHeight },
      userAgent: this.options.userAgent,
      locale: 'en-US',
    });
  }

  private captureTabs(run: RunningBrowser): Promise<CaptureTabs> {
    run.tabs ??= this.newContext(run).then((context) => new CaptureTabs(run.browser, context));
    run.tabs.catch(() => (run.tabs = undefined));
    return run.tabs;
  }

  private async lease<T>(run: RunningBrowser, make: (run: RunningBrowser) => Promise<T>, end: (value: T) => Promise<void>, release: () => void): Promise<Lease & { value: T }> {
    let value: T;
    try {
      value = await make(run);
    } catch (error) {
      throw run.lost.signal.aborted ? run.lost.signal.reason : error;
    }
    trace('browser: lent');
    run.leases++;
    this.watch(run);
    let released = false;
    return {
      value,
      lost: run.lost.signal,
      close: async () => {
        if (released) return;
        released = true;
        run.leases--;
        try {
          if (!(await settlesWithin(end(value), this.options.closeTimeoutMs)) && !run.lost.signal.aborted) {
            await this.killRun(run, new ArchiveError('TIMEOUT', 'A page would not let its tab or browser context close; the browser was killed.'));
          }
        } finally {
          release();
        }
      },
    };
  }

  /**
   * The running browser's private memory as a share of `maxMemoryBytes`, as its watch last read
   * it while renders ran; undefined before a reading (none runs, a lent browser, off Linux).
   */
  memoryShare(): number | undefined {
    const bytes = this.current?.privateBytes;
    return bytes ? bytes / this.options.maxMemoryBytes : undefined;
  }

  /** Memory of the running browser's process tree; undefined when none runs (or off Linux). */
  usage(): BrowserUsage | undefined {
    const run = this.current;
    if (run?.pid === undefined) return undefined;
    const memory = readTreeUsage(run.pid);
    return memory && { ...memory, pid: run.pid, peakPrivateBytes: Math.max(run.peakPrivateBytes, memory.privateBytes) };
  }

  /**
   * Ends the browser: one this host started is killed (nothing in it is kept, and asking it to
   * close took 0.1–0.5 s of a capture) and its temporary profile removed; from a lent one it
   * disconnects.
   */
  async close(): Promise<void> {
    this.closed = true;
    trace('browser: closing');
    const run = this.current ?? (await this.starting?.catch(() => undefined));
    if (run) await this.killRun(run, new ArchiveError('ABORTED', 'The browser was closed.'));
  }

  /** The running browser: the one at `endpoint` when given (a browser restarted by its owner is connected anew). */
  private browser(endpoint?: string): Promise<RunningBrowser> {
    const stale = this.current && this.current.endpoint !== endpoint ? this.current : undefined;
    if (stale) {
      this.forget(stale);
      void stale.browser.close().catch(() => undefined);
    }
    if (this.current) return Promise.resolve(this.current);
    this.starting ??= (endpoint === undefined ? this.launch() : this.connect(endpoint)).finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async launch(): Promise<RunningBrowser> {
    const { executablePath, launchTimeoutMs } = this.options;
    await checkExecutable(executablePath);
    // Chromium starts first, then playwright-core loads (here, not at the top: the static capture
    // path never pays for it) while Chromium starts.
    let spawned: ChromiumProcess;
    try {
      spawned = spawnChromium(executablePath, chromiumArguments);
    } catch (error) {
      throw launchFailed(executablePath, error);
    }
    trace('browser: spawned, importing playwright-core');
    noteRendered();
    let browser: Browser;
    try {
      const { chromium } = loadPlaywright();
      trace('browser: playwright-core loaded');
      browser = await chromium.connectOverCDP(spawned.transport, { timeout: launchTimeoutMs, artifactsDir: spawned.artifactsDir });
    } catch (error) {
      await spawned.kill();
      // A browser that exits at once says why on stderr (its last line); Playwright only sees the pipe close.
      const said = spawned.stderr().trim().split('\n').pop();
      throw launchFailed(executablePath, said ? new Error(said, { cause: error }) : error);
    }
    trace('browser: connected');
    return this.running(browser, spawned, undefined);
  }

  private async connect(endpoint: string): Promise<RunningBrowser> {
    const { chromium } = loadPlaywright();
    let browser: Browser;
    try {
      browser = await chromium.connect(endpoint, { timeout: this.options.launchTimeoutMs });
    } catch (error) {
      throw new Error(`The shared browser could not be reached (${String((error as Error).message).split('\n')[0]}).`, { cause: error });
    }
    return this.running(browser, undefined, endpoint);
  }

  private async running(browser: Browser, spawned: ChromiumProcess | undefined, endpoint: string | undefined): Promise<RunningBrowser> {
    const run: RunningBrowser = {
      browser,
      endpoint,
      process: spawned,
      pid: spawned?.pid,
      lost: new AbortController(),
      tabs: undefined,
      leases: 0,
      timer: undefined,
      peakPrivateBytes: 0,
      privateBytes: 0,
    };
    browser.on('disconnected', () => {
      this.forget(run);
      run.lost.abort(new ArchiveError('NETWORK', 'The browser closed unexpectedly while rendering the page.'));
      // A browser Playwright lost is of no more use: it goes with its profile.
      void spawned?.kill();
    });
    if (this.closed) {
      await this.killRun(run, new ArchiveError('ABORTED', 'The browser was closed.'));
      throw new Error('The browser host is closed.');
    }
    this.current = run;
    return run;
  }

  private watch(run: RunningBrowser): void {
    const pid = run.pid;
    if (run.timer || pid === undefined) return;
    const limit = this.options.maxMemoryBytes;
    run.timer = setInterval(() => {
      if (run.leases === 0) {
        clearInterval(run.timer);
        run.timer = undefined;
        return;
      }
      const memory = readTreeUsage(pid);
      if (!memory) return;
      run.privateBytes = memory.privateBytes;
      run.peakPrivateBytes = Math.max(run.peakPrivateBytes, memory.privateBytes);
      if (memory.privateBytes > limit) {
        const mb = Math.round(limit / (1024 * 1024));
        void this.killRun(run, new ArchiveError('TOO_LARGE', `The page needed more than ${mb} MB of browser memory.`));
      }
    }, this.options.memoryCheckMs);
    run.timer.unref();
  }

  /** Kills the browser this host started (its profile is removed), or disconnects from a lent one. */
  private async killRun(run: RunningBrowser, reason: Error): Promise<void> {
    this.forget(run);
    run.lost.abort(reason);
    if (run.process) await run.process.kill();
    else await settlesWithin(run.browser.close(), this.options.closeTimeoutMs);
  }

  private forget(run: RunningBrowser): void {
    clearInterval(run.timer);
    run.timer = undefined;
    if (this.current === run) this.current = undefined;
  }
}
