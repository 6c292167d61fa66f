import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../src/fetch/http-fetcher.js';
import { parseOptions, type ArchiveOptionsInput } from '../src/options.js';
import { BrowserHost, launchBrowserServer, parseRenderLimits, renderPage, type BrowserSource, type RenderLimitsInput, type RenderResult } from '../src/render/index.js';
import { CaptureTabs } from '../src/render/capture-tabs.js';
import { checkCopy, openCheckPage } from '../src/render/self-check.js';
import { serveFixture, type FixtureSite } from './support/fixture-site.js';
import { BROWSER_UA, FETCHER_UA } from './support/render-site.js';

const sites: FixtureSite[] = [];
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Chromium's window of a tab. */
async function windowOf(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  const { targetInfo } = await session.send('Target.getTargetInfo');
  await session.detach();
  const browser = await page.context().browser()!.newBrowserCDPSession();
  const { windowId } = await browser.send('Browser.getWindowForTarget', { targetId: targetInfo.targetId });
  await browser.detach();
  return windowId;
}

describe('BrowserHost', () => {
  it('starts Chromium on the first render only, with the doors shut, and closing removes it and its profile', async () => {
    const host = new BrowserHost({ userAgent: BROWSER_UA });
    expect(host.usage()).toBeUndefined();
    const lease = await host.open();
    const usage = host.usage();
    expect(usage?.processes).toBeGreaterThan(1);
    const pid = usage?.pid ?? 0;
    const args = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
    expect(args).toEqual(
      expect.arrayContaining([
        '--headless',
        '--proxy-server=http://127.0.0.1:9',
        '--proxy-bypass-list=<-loopback>',
        '--webrtc-ip-handling-policy=disable_non_proxied_udp',
        '--dns-prefetch-disable',
        '--disable-quic',
      ]),
    );
    // Chromium's sandbox cannot run as root (development here); unprivileged, it stays on.
    expect(args.includes('--no-sandbox')).toBe(process.getuid?.() === 0);
    expect(args).not.toContain('--disable-popup-blocking');
    const profile = args.find((arg) => arg.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length) ?? '';
    expect(existsSync(profile)).toBe(true);
    await lease.close();
    await host.close();
    expect(alive(pid)).toBe(false);
    expect(existsSync(profile)).toBe(false);
    await expect(host.open()).rejects.toThrow(/closed/);
  });

  it("opens a capture's tabs in one context, and closes the windows they open", async () => {
    const host = new BrowserHost({ userAgent: BROWSER_UA });
    try {
      const [one, two, three] = await Promise.all([host.openPage(), host.openPage(), host.openPage()]);
      expect(one.page.context()).toBe(two.page.context());
      expect(three.page.context()).toBe(two.page.context());
      // Each in a window of its own: Chromium draws only the front tab of a window.
      expect(new Set(await Promise.all([one, two, three].map(({ page }) => windowOf(page)))).size).toBe(3);
      await three.close();
      // A click is a user's gesture: its window gets past the popup blocker, and the host closes it.
      await one.page.setContent('<a href="about:blank" target="_blank">open</a>');
      const [popup] = await Promise.all([one.page.waitForEvent('popup'), one.page.click('a')]);
      if (!popup.isClosed()) await popup.waitForEvent('close');
      await one.close();
      expect(one.page.isClosed()).toBe(true);
      expect(two.page.isClosed()).toBe(false);
      await two.close();
    } finally {
      await host.close();
    }
  });

  it('says what to install when Chromium is missing, also when that is known before the page arrives', async () => {
    const host = new BrowserHost({ executablePath: '/nonexistent/chromium' });
    const missing = /Chromium could not be started from \/nonexistent\/chromium .*CHROMIUM_PATH/;
    await expect(host.open()).rejects.toThrow(missing);
    // The page answers only after another start has failed: the render's own start failed first.
    const site = await serveFixture({ '/': { handle: (_request, response) => void host.open().catch(() => response.end('<p>late</p>')) } });
    sites.push(site);
    const fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0 }));
    try {
      await expect(renderPage(site.url, { fetcher, host, signal: new AbortController().signal, limits: parseRenderLimits() })).rejects.toThrow(missing);
    } finally {
      await fetcher.close();
      await host.close();
    }
  });
});

describe("a capture's tabs when its browser goes", () => {
  it('a window asked for as the context closes fails that open() alone, nothing left unhandled', async () => {
    const host = new BrowserHost({ userAgent: BROWSER_UA });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { context } = await host.open();
      const browser = context.browser()!;
      // The context closes (as when a page's memory gets its browser killed) just as the window is asked for.
      const session = browser.newBrowserCDPSession.bind(browser);
      browser.newBrowserCDPSession = async () => {
        const opened = await session();
        const send = opened.send.bind(opened);
        opened.send = (async (method: string, params?: object) => {
          if (method === 'Target.createTarget') await context.close();
          return send(method as never, params as never);
        }) as typeof opened.send;
        return opened;
      };
      const tabs = new CaptureTabs(browser, context);
      await tabs.open('tab');
      await expect(tabs.open('tab')).rejects.toThrow();
      // Rejections nobody handled are reported on a later turn of the event loop.
      await new Promise(setImmediate);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await host.close();
    }
  });
});

describe('BrowserHost on a browser another process runs', () => {
  it('renders in it, a slot held while a context or tab is open; closing the host leaves that browser running', async () => {
    const server = await launchBrowserServer({});
    const pid = server.process().pid!;
    let held = 0;
    const source: BrowserSource = {
      acquire: async () => (held++, server.wsEndpoint()),
      release: () => void held--,
    };
    const site = await serveFixture({ '/': { body: '<!doctype html><div id="root"></div><script>root.textContent = "built"</script>' } });
    sites.push(site);
    const host = new BrowserHost({ userAgent: BROWSER_UA }, source);
    const fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0 }));
    try {
      const [one, two, three] = [await host.open(), await host.openPage(), await host.openPage()];
      expect(held).toBe(3);
      expect(two.page.context()).not.toBe(one.context);
      expect(three.page.context()).toBe(two.page.context());
      // Started nothing of its own: no pid to watch.
      expect(host.usage()).toBeUndefined();
      await Promise.all([one.close(), two.close(), three.close()]);
      expect(held).toBe(0);
      const rendered = await renderPage(site.url, { fetcher, host, signal: new AbortController().signal, limits: parseRenderLimits() });
      expect(rendered.html).toContain('<div id="root">built</div>');
      // Its picture is taken after the result is out, in its context: the slot goes back after.
      await rendered.closed;
      expect(held).toBe(0);
      await host.close();
      expect(alive(pid)).toBe(true);
    } finally {
      await fetcher.close();
      await server.close();
    }
  });
});

describe('renderPage', () => {
  it('stops when its caller cancels, and fails fast when the page itself cannot be fetched', async () => {
    const controller = new AbortController();
    const site = await serveFixture({
      '/': { body: '<!doctype html><script src="/hangs.js"></script>' },
      // The render is cancelled once the browser asks for the script; the answer never comes.
      '/hangs.js': { handle: () => controller.abort() },
      '/missing': { status: 404, body: 'gone' },
    });
    sites.push(site);
    const host = new BrowserHost({ userAgent: BROWSER_UA });
    const fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0, userAgent: FETCHER_UA }));
    const deps = { fetcher, host, limits: parseRenderLimits() };
    try {
      await expect(renderPage(site.url, { ...deps, signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
      const refused = new HttpFetcher(parseOptions({ retries: 0 }));
      await expect(renderPage(site.url, { ...deps, fetcher: refused, signal: new AbortController().signal })).rejects.toMatchObject({
        code: 'FORBIDDEN_ADDRESS',
      });
      await refused.close();
      const missing = await renderPage(`${site.origin}/missing`, { ...deps, signal: new AbortController().signal });
      expect(missing.status).toBe(404);
      await expect(renderPage('ftp://example.com/', { ...deps, signal: new AbortController().signal })).rejects.toMatchObject({ code: 'INVALID_URL' });
    } finally {
      await host.close();
      await fetcher.close();
    }
  });
});

/**
 * Renders pages of `site` one after another in one host, as a capture does (each awaited to the
 * end of its tab, so the next may take it), with `fetch` options over the tests' own; closes the
 * host and the fetcher after `use`.
 */
async function renderingIn(
  site: FixtureSite,
  use: (render: (path: string, limits?: RenderLimitsInput) => Promise<RenderResult>) => Promise<void>,
  fetch: ArchiveOptionsInput = {},
): Promise<void> {
  const host = new BrowserHost({ userAgent: BROWSER_UA });
  const fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0, userAgent: FETCHER_UA, ...fetch }));
  const render = async (path: string, limits: RenderLimitsInput = { totalTimeoutMs: 20_000 }) => {
    const result = await renderPage(`${site.origin}${path}`, { fetcher, host, signal: new AbortController().signal, limits: parseRenderLimits(limits) });
    await result.closed;
    return result;
  };
  try {
    await use(render);
  } finally {
    await host.close();
    await fetcher.close();
  }
}

describe('a render of a page with a request that never ends', () => {
  it('takes the page once the rest of it is quiet: a stalled script or image holds its load event for ever, window.stop() ends it unseen', async () => {
    const never = { handle: () => undefined };
    const site = await serveFixture({
      '/': { body: `<!doctype html><div id="root"></div><script>root.textContent = 'built, the tracker still loading';</script><script async src="/never.js"></script><img src="/never.png">` },
      '/never.js': never,
      '/never.png': never,
      // window.stop() ends the load with no lifecycle event Playwright sees: goto waited until the cap.
      '/stopped': { body: `<!doctype html><div id="root"></div><script>root.textContent = 'built, then stopped'; window.stop();</script><img src="/never.png">` },
    });
    sites.push(site);
    // Its requests outlast the render: the fetcher does not give up on them first.
    const lasting = { requestTimeoutMs: 120_000, resourceTimeoutMs: 120_000 };
    await renderingIn(
      site,
      async (render) => {
        const limits = { totalTimeoutMs: 15_000, stalledRequestMs: 1_000 };
        const result = await render('/', limits);
        expect(result.html).toContain('built, the tracker still loading');
        // Waiting for the load event would have lasted until the render's cap and not settled.
        expect({ loaded: result.loaded, settled: result.settled }).toEqual({ loaded: true, settled: true });
        expect(site.hits.get('/never.js')).toBe(1);
        const stopped = await render('/stopped', limits);
        expect(stopped.html).toContain('built, then stopped');
        expect({ loaded: stopped.loaded, settled: stopped.settled }).toEqual({ loaded: true, settled: true });
      },
      lasting,
    );
  });
});

describe('a render of a page that asks for much at once', () => {
  it('says nothing on stderr: each request in flight listens on the render\'s end, and Node warned past 10', async () => {
    // Held until 8 arrived (the fetcher's connections to a host): the other 12 wait their turn meanwhile.
    const held: (() => void)[] = [];
    let arrived = 0;
    const site = await serveFixture({
      '/': { body: `<!doctype html><div id="root"></div><script>Promise.all(Array.from({ length: 20 }, (_, i) => fetch('/part?' + i).then((r) => r.text()))).then((parts) => { root.textContent = parts.length + ' parts'; });</script>` },
      '/part': {
        handle: (_request, response) => {
          held.push(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('part'));
          if (++arrived >= 8) for (const answer of held.splice(0)) answer();
        },
      },
    });
    sites.push(site);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      await renderingIn(site, async (render) => {
        expect((await render('/')).html).toContain('20 parts');
        expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
      });
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe("a capture's render tabs", () => {
  it('serve the next render once a render ended well, blank and answering nothing of the page before; a timed-out one is closed', async () => {
    // Each page shows what this tab's sessionStorage held (a tab keeps it across its pages) and leaves its name there.
    const shows = (name: string, more = '') =>
      `<!doctype html><ul id="root"></ul><script>root.innerHTML = '<li>seen: ' + sessionStorage.getItem('seen') + '</li>'; sessionStorage.setItem('seen', '${name}'); ${more}</script>`;
    const site = await serveFixture({
      // Asks for /tick as it goes (when its tab goes blank): a request no render may see.
      '/a': { body: shows('a', `addEventListener('pagehide', () => fetch('/tick', { keepalive: true }));`) },
      '/b': { body: shows('b') },
      '/hang': { body: shows('hang', 'while (true) {}') },
      '/tick': { body: 'tick' },
    });
    sites.push(site);
    await renderingIn(site, async (render) => {
      expect((await render('/a')).html).toContain('<li>seen: null</li>');
      const second = await render('/b');
      expect(second.html).toContain('<li>seen: a</li>');
      expect(second.exchanges.map((exchange) => new URL(exchange.url).pathname)).toEqual(['/b']);
      expect(site.hits.get('/tick')).toBeUndefined();
      await expect(render('/hang', { totalTimeoutMs: 3_000 })).rejects.toMatchObject({ code: 'TIMEOUT' });
      // The tab the endless loop held was closed: this render has a new one.
      expect((await render('/b')).html).toContain('<li>seen: null</li>');
    });
  });
});

describe("a render tab's history", () => {
  it("holds only the page's own entries: back() from its first does nothing, back() after its own pushState pops", async () => {
    const app = (script: string) => ({ body: `<!doctype html><div id="root"></div><script>${script}</script>` });
    const site = await serveFixture({
      '/a': app(`root.textContent = 'page a';`),
      // In a fresh tab, back() from the only entry does nothing; in a reused one it left for the blank page before.
      '/b': app(`root.textContent = 'page b'; setTimeout(() => history.back(), 100);`),
      '/c': app(`history.pushState({}, '', '/c/more'); addEventListener('popstate', () => { root.textContent = 'popped to ' + location.pathname; }); setTimeout(() => history.back(), 100);`),
    });
    sites.push(site);
    await renderingIn(site, async (render) => {
      expect((await render('/a')).html).toContain('page a');
      const b = await render('/b');
      expect(b.locationHref).toBe(`${site.origin}/b`);
      expect(b.html).toContain('<div id="root">page b</div>');
      expect((await render('/c')).html).toContain('<div id="root">popped to /c</div>');
    });
  });
});

describe("a capture's check tabs", () => {
  it('check copy after copy in one tab, each counting its own requests; a copy that spins gets its tab closed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-check-tabs-'));
    // Each copy shows what this tab's sessionStorage held (a tab keeps it across its pages).
    const shows = (name: string, more = '') =>
      `<!doctype html><p id="seen"></p><script>seen.textContent = 'seen: ' + sessionStorage.getItem('seen'); sessionStorage.setItem('seen', '${name}'); ${more}</script>`;
    // Asks the network once loaded, and again as it goes (when its tab goes blank): the second is no copy's.
    await writeFile(join(dir, 'a.html'), shows('a', `fetch('http://192.0.2.1/now').catch(() => {}); addEventListener('pagehide', () => navigator.sendBeacon('http://192.0.2.1/gone'));`));
    await writeFile(join(dir, 'b.html'), shows('b'));
    await writeFile(join(dir, 'spin.html'), shows('spin', 'setTimeout(() => { for (;;) {} }, 50);'));
    const host = new BrowserHost({ userAgent: BROWSER_UA });
    const signal = new AbortController().signal;
    const png = Promise.resolve(PNG.sync.write(new PNG({ width: 8, height: 8 })));
    const check = async (file: string, text: string, budgetMs = 8_000) => {
      const opened = await openCheckPage(host);
      return { page: opened.tab.page, result: checkCopy(opened, join(dir, file), { text, png, scrollSteps: 0 }, budgetMs, signal) };
    };
    try {
      const a = await check('a.html', 'seen: null');
      expect(await a.result).toMatchObject({ textMatch: 1, onlineRequests: 1, failedRequests: 1 });
      const b = await check('b.html', 'seen: a');
      expect(b.page).toBe(a.page);
      expect(await b.result).toMatchObject({ textMatch: 1, onlineRequests: 0, failedRequests: 0 });
      const spin = await check('spin.html', 'seen: b', 1_000);
      expect(spin.page).toBe(a.page);
      await expect(spin.result).rejects.toThrow(/did not answer/);
      // The tab the endless loop held was closed: this check has a new one.
      const after = await check('b.html', 'seen: null');
      expect(after.page).not.toBe(a.page);
      expect(await after.result).toMatchObject({ textMatch: 1, onlineRequests: 0, failedRequests: 0 });
    } finally {
      await host.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
