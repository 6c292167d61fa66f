import type { CDPSession, Page, Request } from 'playwright-core';
import { MISSED_MARK, NOT_SENT_MARK, PREFETCH_MARK } from '../capture/replay-shim.js';
import { call, DOM_STATE, RECORD_CLOSED_ROOTS, STAY_ON_PAGE } from './in-page.js';
import { pictureSession } from './picture.js';
import { trace } from '../trace.js';
import { setUpOnce } from './set-up-once.js';

/** What one copy opened in a check tab asked for: its own files, and what it tried to reach online. */
export class CopyRequests {
  /** Requests that tried to reach the network (refused). */
  online = 0;
  /** Requests that failed, those refused included. */
  failed = 0;
  /** Requests to other sites that the copy's replay layer did not send (see replay-shim.ts, unsent). */
  notSent = 0;
  /** Prefetches of what the copy does not have, failed by its replay layer (see replay-shim.ts, speculative). */
  prefetchesMissed = 0;
  private readonly failing = new AbortController();
  /** Aborts at the copy's first failed request (a live copy is refused then: see checkCopy). */
  readonly firstFailure: AbortSignal = this.failing.signal;
  private inFlight = 0;
  private lastRequest = performance.now();
  /** The copy's requests: one of the tab's previous copy that ends late is not this copy's. */
  private readonly mine = new WeakSet<Request>();

  started(request: Request): void {
    this.mine.add(request);
    this.inFlight++;
    this.lastRequest = performance.now();
  }

  /** False for a request this copy did not make. */
  ended(request: Request): boolean {
    if (!this.mine.has(request)) return false;
    this.mine.delete(request);
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastRequest = performance.now();
    return true;
  }

  failedOne(): void {
    this.failed++;
    this.failing.abort();
  }

  /** A copy's own files come from disk: none is in flight long enough to be given up on. */
  stalledInFlight(): boolean {
    return false;
  }

  /** How long no request of the copy has been in flight (0 while one is). */
  quietForMs(): number {
    return this.inFlight > 0 ? 0 : performance.now() - this.lastRequest;
  }
}

/**
 * A tab copies are checked in, one copy after another: every request to the network refused
 * and counted, the DOM's last change known from the start. Its routes and listeners go in once
 * (opening a window and setting it up was ~0.6 s of the browser's CPU, and a site's capture
 * checks up to ten pages, two copies each); they count for the copy checked now.
 */
export class CheckTab {
  private copy: CopyRequests | undefined;
  /** For the copy's picture (attaching is a round trip: once per tab). */
  readonly session: Promise<CDPSession>;

  private constructor(readonly page: Page) {
    this.session = pictureSession(page);
  }

  /** The check tab of `page`, set up on first use. */
  static of(page: Page): Promise<CheckTab> {
    return setUpOnce(TABS, page, () => {
      const tab = new CheckTab(page);
      return tab.setUp().then(() => tab);
    });
  }

  /** From now until `release()`, what the tab's page requests is counted for a new copy. */
  use(): CopyRequests {
    this.copy = new CopyRequests();
    return this.copy;
  }

  release(): void {
    this.copy = undefined;
  }

  private async setUp(): Promise<void> {
    const { page } = this;
    // A live copy's scripts may wait on its own files (a chunk a router loads) with the DOM still:
    // at a load of 20 or more, longer than the DOM's quiet time.
    page.on('request', (request) => {
      const copy = this.copy;
      if (!copy) return;
      copy.started(request);
      // It fails at the browser's dead proxy (chromium-launch.ts), as a failed request of the copy's.
      if (ONLINE.test(request.url())) copy.online++;
    });
    page.on('requestfinished', (request) => this.copy?.ended(request));
    // Missing files, requests the copy's CSP stopped (an address built at run time), and those refused below.
    page.on('requestfailed', (request) => {
      const copy = this.copy;
      if (!copy?.ended(request)) return;
      // An about: address is no file of the copy's, and fails online the same way: MathJax 2's
      // stylesheet names `url(about:blank)` for its blank font on every page it typesets.
      if (INERT.test(request.url())) return;
      copy.failedOne();
      trace(`check: failed ${request.url().slice(0, 200)} (${request.failure()?.errorText ?? 'failed'})`);
    });
    // What the replay layer failed without a request, as the disk would have refused it: a failed request of the copy's.
    // One to another site it did not send is counted apart: it does not fail the copy.
    page.on('console', (message) => {
      const copy = this.copy;
      if (!copy || message.type() !== 'warning') return;
      const text = message.text();
      if (text.startsWith(NOT_SENT_MARK)) {
        copy.notSent++;
        trace(`check: not sent ${text.slice(NOT_SENT_MARK.length + 1, 200)}`);
      }
      if (text.startsWith(PREFETCH_MARK)) {
        copy.prefetchesMissed++;
        trace(`check: prefetch missed ${text.slice(PREFETCH_MARK.length + 1, 200)}`);
      }
      if (!text.startsWith(MISSED_MARK)) return;
      copy.failedOne();
      trace(`check: failed ${text.slice(MISSED_MARK.length + 1, 200)} (not in the copy)`);
    });
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    // Not routed: a route pauses the copy's every request, its own files' too, for a round trip to
    // Node, and under load a copy's web fonts then came after its picture (rustdoc's settings
    // page, 1.3–1.4 % of the pixels off in four runs of five at a load of 4; 0 of 32 unrouted).
    // A copy is a user's copy opened offline.
    // A copy whose scripts do not run (a snapshot) is quiet as soon as it is parsed, and waits for nothing more.
    await page.addInitScript(call(DOM_STATE) + ';' + RECORD_CLOSED_ROOTS + STAY_ON_PAGE);
  }
}

/** A request that would leave the machine: the browser sends none (its proxy is dead), and a copy that makes one is not self-contained. */
const ONLINE = /^(?:https?|wss?|ftp):/i;
const INERT = /^about:/i;

const TABS = new WeakMap<Page, Promise<CheckTab>>();
