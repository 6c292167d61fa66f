import type { CDPSession, Page } from 'playwright-core';
import { ArchiveError } from '../errors.js';
import type { ExchangeRecorder } from './exchange-recorder.js';
import { call, KEEP_DRAWING_BUFFERS, DOM_STATE, RECORD_CLOSED_ROOTS, RECORD_FONT_SOURCES, RECORD_READ_BACK, STAY_ON_PAGE } from './in-page.js';
import { pictureSession } from './picture.js';
import type { RenderStop } from './render-stop.js';
import { ROUTE_WORKERS } from './worker-routing.js';
import { SEEDED_RANDOM } from '../capture/replay-chance.js';
import { EVENT_SOURCE_IN_RENDER } from '../capture/replay-event-source.js';
import { setUpOnce } from './set-up-once.js';

/** What a render counts of what its page did in its tab (RenderEvents adds the navigations its recorder refused). */
export interface TabEvents {
  dialogsDismissed: number;
  /** Windows that opened despite the popup blocker, closed at once. */
  popupsClosed: number;
  downloadsRefused: number;
  scrollSteps: number;
}

/** The render using a tab now: where the tab's handlers send what its page asks and does. */
interface TabUser {
  recorder: ExchangeRecorder;
  stop: RenderStop;
  events: TabEvents;
}

/**
 * A render's tab, set up once and used by one render after another (a capture's renders take
 * their tabs back: the next page of the site loads in the renderer process that already compiled
 * its scripts). Its init script, routes and listeners go in once and hand everything to the render
 * using it; between renders, nothing is answered.
 */
export class RenderTab {
  private user: TabUser | undefined;
  /** For the render's picture (attaching is a round trip: once per tab). */
  readonly session: Promise<CDPSession>;

  private constructor(readonly page: Page) {
    this.session = pictureSession(page);
  }

  /** The tab of `page`, set up on its first render. */
  static of(page: Page): Promise<RenderTab> {
    return setUpOnce(TABS, page, () => {
      const tab = new RenderTab(page);
      return tab.setUp().then(() => tab);
    });
  }

  /** From now until `release()`, the tab's requests and events are `user`'s. */
  use(user: TabUser): void {
    user.recorder.attach(this.page);
    this.user = user;
  }

  release(): void {
    this.user = undefined;
  }

  private async setUp(): Promise<void> {
    const { page } = this;
    page.on('popup', (popup) => {
      if (this.user) this.user.events.popupsClosed++;
      void popup.close().catch(() => undefined);
    });
    page.on('dialog', (dialog) => {
      if (this.user) this.user.events.dialogsDismissed++;
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('download', (download) => {
      if (this.user) this.user.events.downloadsRefused++;
      void download.cancel().catch(() => undefined);
    });
    page.on('crash', () => this.user?.stop.fail(new ArchiveError('TOO_LARGE', 'The page crashed its browser tab (most often: it ran out of memory).')));
    page.on('worker', (worker) => this.user?.recorder.onWorker(worker));
    // The tab is blank until it goes to a page: its init script and routes go in first, side by side.
    await Promise.all([
      // The DOM's last change is watched from the document's start: watched from the first look
      // after the load event, a page built by then waited its whole quiet time again from there.
      page.addInitScript(SEEDED_RANDOM + call(DOM_STATE) + ';' + RECORD_FONT_SOURCES + RECORD_READ_BACK + RECORD_CLOSED_ROOTS + KEEP_DRAWING_BUFFERS + ROUTE_WORKERS + EVENT_SOURCE_IN_RENDER + STAY_ON_PAGE),
      page.route('**/*', (route) => (this.user ? this.user.recorder.onRoute(route) : route.abort('aborted').catch(() => undefined))),
      page.routeWebSocket(/.*/, (socket) => (this.user ? this.user.recorder.onWebSocket(socket) : void socket.close().catch(() => undefined))),
    ]);
  }
}

const TABS = new WeakMap<Page, Promise<RenderTab>>();
