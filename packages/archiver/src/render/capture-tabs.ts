import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { trace } from '../trace.js';

/**
 * The tabs of one capture: one browser context, each tab in a window of its own. Tabs of one
 * window are stacked, and Chromium draws only the front one: a render behind a check page
 * scrolled two viewports in 1.2–3 s instead of 70 ms, and its picture waited as long. Playwright's
 * newPage() opens a tab in the context's window, so from the second tab on the host asks Chromium
 * for a new window itself (CDP `Target.createTarget` with `newWindow`), and Playwright adopts the
 * page as it adopts a popup: the context's routes, scripts and viewport apply to it.
 */
export class CaptureTabs {
  /** Chromium's id of the context, read from the first tab. */
  private contextId: Promise<string> | undefined;
  private session: Promise<CDPSession> | undefined;
  /** Windows open one at a time: the next page the context reports without an opener is the one asked for. */
  private opening: Promise<unknown> = Promise.resolve();
  /** Tabs given back, blank, by kind; and how many times each was lent. */
  private readonly idle = new Map<string, Page[]>();
  private readonly uses = new WeakMap<Page, number>();
  /** Tabs on their way back (going blank), by kind. */
  private readonly returning = new Map<string, Set<Promise<void>>>();

  constructor(
    private readonly browser: Browser,
    readonly context: BrowserContext,
  ) {
    // A tab's routes do not cover the windows it opens: one that gets past the popup blocker is
    // closed here (its requests meet the dead proxy meanwhile); the render counts its own.
    context.on('page', (page) => {
      void page.opener().then((opener) => opener && page.close()).catch(() => undefined);
    });
  }

  /**
   * A tab given back to `kind` (see giveBack), or a new one. One on its way back is waited for:
   * going blank takes tens of ms, a new window hundreds (and ~0.6 s of the browser's CPU), and a
   * capture's checks and renders ask for their next tab the moment the last one is given back.
   */
  async open(kind: string): Promise<Page> {
    let page = this.take(kind);
    for (let returning = this.returning.get(kind); !page && returning?.size; page = this.take(kind)) await Promise.race(returning);
    page ??= await this.openNew();
    this.uses.set(page, (this.uses.get(page) ?? 0) + 1);
    return page;
  }

  /**
   * Takes a tab back for the next open(kind): blank (its page ended: timers, workers and requests
   * with it), or closed when it would not go blank in time or has served MAX_USES times.
   */
  giveBack(kind: string, page: Page, timeoutMs: number): Promise<void> {
    const returning = this.returning.get(kind) ?? new Set();
    this.returning.set(kind, returning);
    const back = this.blank(kind, page, timeoutMs);
    returning.add(back);
    return back.finally(() => returning.delete(back));
  }

  private async blank(kind: string, page: Page, timeoutMs: number): Promise<void> {
    const blank = (this.uses.get(page) ?? 0) < MAX_USES && (await page.goto('about:blank', { timeout: timeoutMs / 2 }).then(() => true, () => false));
    if (!blank || page.isClosed()) return page.close().catch(() => undefined);
    const idle = this.idle.get(kind) ?? [];
    idle.push(page);
    this.idle.set(kind, idle);
  }

  private take(kind: string): Page | undefined {
    const idle = this.idle.get(kind) ?? [];
    for (let page = idle.pop(); page; page = idle.pop()) if (!page.isClosed()) return page;
    return undefined;
  }

  private openNew(): Promise<Page> {
    trace('browser: new tab');
    if (!this.contextId) {
      const first = this.context.newPage();
      this.contextId = first.then((page) => contextIdOf(this.context, page));
      this.contextId.catch(() => (this.contextId = undefined));
      return first;
    }
    const turn = this.opening.then(() => this.openWindow());
    this.opening = turn.catch(() => undefined);
    return turn;
  }

  private async openWindow(): Promise<Page> {
    const browserContextId = await this.contextId!;
    this.session ??= this.browser.newBrowserCDPSession();
    const session = await this.session;
    let stop!: () => void;
    const adopted = new Promise<Page>((resolve, reject) => {
      const onPage = (page: Page) => {
        void page.opener().then((opener) => {
          if (opener) return;
          stop();
          resolve(page);
        }, () => undefined);
      };
      const onClose = () => {
        stop();
        reject(new Error('The browser context closed while a tab was opened.'));
      };
      stop = () => {
        this.context.off('page', onPage);
        this.context.off('close', onClose);
      };
      this.context.on('page', onPage);
      this.context.once('close', onClose);
    });
    // Handled from now on: the context can close (its browser killed) while the window is asked for.
    adopted.catch(() => undefined);
    try {
      await session.send('Target.createTarget', { url: 'about:blank', browserContextId, newWindow: true });
    } catch (error) {
      stop();
      throw error;
    }
    return adopted;
  }
}

/** Times a tab is lent at most: a renderer process that served a whole site may have grown with it. */
const MAX_USES = 50;

async function contextIdOf(context: BrowserContext, page: Page): Promise<string> {
  const session = await context.newCDPSession(page);
  try {
    const { targetInfo } = await session.send('Target.getTargetInfo');
    if (!targetInfo.browserContextId) throw new Error('Chromium did not say which context its tab is in.');
    return targetInfo.browserContextId;
  } finally {
    void session.detach().catch(() => undefined);
  }
}
