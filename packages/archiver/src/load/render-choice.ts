import { isArchiveError } from '../errors.js';
import { trace } from '../trace.js';
import { needsRender, SCRIPT } from './needs-render.js';
import { whatRenderAdded } from './render-added.js';
import { scriptFillsPage } from './script-fills-page.js';
import { ScriptReadings, type ScriptTrial } from './script-readings.js';
import type { CheckTarget, LoadedPage, PageLoadContext, PageLoader, PageLoadInit } from './page-loader.js';

export type RenderMode = 'auto' | 'always' | 'never';

/** How a page is to be rendered: read early, at a route (see PageLoadInit). */
export type RenderCall = Pick<PageLoadInit, 'readEarly' | 'route'>;

/** Renders pages in a browser (render/renderer.ts); started on the first page that needs it. */
export interface Renderer {
  /** The page as the browser built it; rejects when the render fails. */
  render(ctx: PageLoadContext, page: LoadedPage, reason: string, call?: RenderCall): Promise<LoadedPage>;
  /** The self-check of pages it rendered (see PageLoader.verify). */
  verify(targets: readonly CheckTarget[], signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/**
 * Loads each page with `base`, then renders it when `mode` says so: `always` for every HTML
 * page, `auto` for one that builds itself with JavaScript (needsRender). The browser starts on
 * the first such page only (`always`: with the first request), so a static page never starts
 * one. A render that fails (no browser here, a page that hangs or bombs its tab) leaves the
 * page as served, with the reason noted. `readings`: what each of the site's own scripts does
 * to a page, once read.
 */
export function renderChoice(base: PageLoader, mode: RenderMode, start: () => Promise<Renderer>, readings = new ScriptReadings()): PageLoader {
  if (mode === 'never') return base;
  let renderer: Promise<Renderer> | undefined;
  return {
    startedAt: base.startedAt,
    async load(ctx, url, init) {
      // Every HTML page is to be rendered: the browser starts while the page's request is on its
      // way. (A start that fails is reported by the first render.)
      if (mode === 'always' && !renderer) {
        renderer = start();
        renderer.catch(() => undefined);
      }
      const page = await base.load(ctx, url, init);
      if (!page.document || page.response.status >= 300) return page;
      let trial: ScriptTrial | undefined;
      let reason = mode === 'always' ? 'render: always' : (needsRender(page) ?? routeReason(page, init?.route));
      while (!reason) {
        const need = await scriptFillsPage(ctx, page, readings);
        if (!need) return page;
        const entered = await readings.enter(need.script, page.response.url);
        if (entered === 'again') continue;
        if (entered !== 'render' && 'answered' in entered) {
          // Only once the pages that recorded it are kept live: answered from their replay files.
          if (ctx.siteHolds?.(entered.answered)) return answered(page, need.reason);
        } else if (entered !== 'render') trial = entered;
        reason = need.reason;
      }
      trace(`render: decided (${reason})`);
      let started = false;
      try {
        renderer ??= start();
        const ready = await renderer;
        trace('render: renderer loaded');
        started = true;
        const rendered = await ready.render(ctx, page, reason, { readEarly: init?.readEarly, route: init?.route });
        if (trial) await judge(ctx, trial, rendered, init?.path);
        return rendered;
      } catch (error) {
        trial?.end(undefined);
        if (ctx.signal.aborted) throw error;
        // Playwright's messages go on with a call log: its first line says what happened.
        const what = String((error as Error).message).split('\n')[0];
        const message = isArchiveError(error)
          ? error.message
          : started
            ? `The browser failed while rendering the page: ${what}`
            : `The browser could not be started: ${what}`;
        return { ...page, render: { output: 'static', reason, error: message } };
      }
    },
    async verify(targets, signal) {
      const started = await renderer?.catch(() => undefined);
      if (started && targets.length > 0) await started.verify(targets, signal);
    },
    async close() {
      const started = renderer;
      renderer = undefined;
      if (started) await started.then((r) => r.close(), () => undefined);
      trace('render: closed');
    },
  };
}

/**
 * Ends a script's trial with whether its render gave the page anything (render-added.ts): when
 * not, the next pages of its shape are not rendered for it. A render that gave text only, from
 * files the served page names, gave nothing when the page's static copy, checked offline,
 * shows that text too (its scripts run there as in the render). A page read early is judged
 * once its render ended.
 */
async function judge(ctx: PageLoadContext, trial: ScriptTrial, rendered: LoadedPage, path: string | undefined): Promise<void> {
  const end = async (page: LoadedPage, checkable: boolean) => {
    // A render that fell back to the page as served says nothing of the script.
    if (!page.served) return trial.end(undefined);
    const added = whatRenderAdded(page);
    const shows = checkable && added?.textOnly && path && ctx.staticCopyShows ? await ctx.staticCopyShows(page, path).catch(() => undefined) : undefined;
    const useful = added !== undefined && shows !== true;
    const what = added && shows === true ? `${added.what}, which its static copy shows` : added?.what;
    trace(`render: the render gave ${page.response.url} ${useful ? what : `nothing${what ? ` (${what})` : ''}: its shape is not rendered for the same script`}`);
    trial.end(useful, useful ? added?.asked : undefined);
  };
  if (!rendered.settling) return end(rendered, true);
  // Not waited for: the early read's copy is made meanwhile; its static copy is not checked.
  rendered.settling.then(
    (late) => end(late ?? rendered, false),
    () => trial.end(undefined),
  );
}

/**
 * A page not rendered, whose live copy's scripts are answered from what earlier pages of its
 * shape recorded (ScriptReadings.enter): the page as served stands for its render.
 */
function answered(page: LoadedPage, reason: string): LoadedPage {
  trace(`render: not rendered, its scripts answered from the site's recordings (${reason})`);
  return { ...page, served: page, answered: true, render: { output: 'snapshot', reason } };
}

/** A start address with a hash route on a page with scripts: the route is its scripts' to show (a hash router's page). */
function routeReason(page: LoadedPage, route: string | undefined): string | undefined {
  return route && SCRIPT.test(page.document!.html) ? `the address asked for is a route its scripts show (${route.slice(0, 100)})` : undefined;
}
