import { access, constants } from 'node:fs/promises';
import type { BrowserServer, LaunchOptions } from 'playwright-core';
import { PLAYWRIGHT_HEADLESS_SWITCHES } from './playwright-switches.js';
import { loadPlaywright } from './playwright.js';
import { browserHostOptionsSchema, type BrowserHostOptions, type BrowserHostOptionsInput } from './render-options.js';

// How Debian's Chromium is started for rendering, in one place: by a BrowserHost for its own
// renders, or as a browser server that BrowserHosts of other processes connect to.

/**
 * Where a request that escapes a tab's `route()` goes: a proxy on loopback's discard port, where
 * nothing listens, so it dies there. Routing answers every HTTP(S) request before it needs a
 * proxy; what Playwright cannot route (a redirect the browser follows itself, a service worker's
 * script, a download, a WebSocket from a worker, a preconnect) is what this stops.
 */
const DEAD_PROXY = 'http://127.0.0.1:9';

/**
 * Chromium's switches besides Playwright's defaults. Each closes a way out that `route()` does
 * not see, or a background service that would call home.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--no-pings',
  '--no-first-run',
  '--disable-quic',
  // Playwright's --proxy-bypass-list default lets loopback go direct; `<-loopback>` takes that out.
  `--proxy-server=${DEAD_PROXY}`,
  '--proxy-bypass-list=<-loopback>',
  // Chromium never resolves a name itself: the engine's fetcher does, behind its address guard.
  // (Stops DNS prefetch, preconnects and STUN/TURN servers given by name.)
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
  '--dns-prefetch-disable',
  // WebRTC may use UDP only through the proxy, which has none: no STUN packet leaves. The spelling
  // --force-webrtc-ip-handling-policy has no effect on Chromium 156 (measured: STUN packets sent).
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * How Playwright starts Chromium as a browser server that BrowserHosts of other processes
 * connect to. (A BrowserHost starts its own with the same command line: chromiumArguments.)
 */
export function chromiumLaunchOptions(options: Pick<BrowserHostOptions, 'executablePath' | 'launchTimeoutMs'>): LaunchOptions {
  return {
    executablePath: options.executablePath,
    headless: true,
    chromiumSandbox: sandboxed(),
    // Playwright turns the popup blocker off; on, script-opened windows never exist.
    ignoreDefaultArgs: ['--disable-popup-blocking'],
    args: [...CHROMIUM_FLAGS],
    timeout: options.launchTimeoutMs,
    // A library does not take over the process's signals (Playwright's handlers exit).
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
}

/**
 * Chromium's sandbox cannot start as root, and this development machine runs everything as
 * root: there (only there) it runs without. Run the server unprivileged to keep it.
 */
function sandboxed(): boolean {
  return process.getuid?.() !== 0;
}

/**
 * The whole command line of a browser this package spawns itself (chromium-process.ts): what
 * Playwright's launch with chromiumLaunchOptions() would give it, the same switches in the same
 * order, driven over the same pipe.
 */
export function chromiumArguments(profileDir: string): string[] {
  return [
    ...PLAYWRIGHT_HEADLESS_SWITCHES,
    ...(sandboxed() ? [] : ['--no-sandbox']),
    ...CHROMIUM_FLAGS,
    `--user-data-dir=${profileDir}`,
    '--remote-debugging-pipe',
    '--no-startup-window',
  ];
}

/**
 * Starts Chromium, with the switches and sandbox rule of a BrowserHost, as a server on loopback
 * that BrowserHosts of other processes connect to through a BrowserSource. Its
 * WebSocket address holds a random path: knowing the port is not enough to drive it.
 */
export async function launchBrowserServer(input: BrowserHostOptionsInput = {}): Promise<BrowserServer> {
  const options = browserHostOptionsSchema.parse(input);
  await checkExecutable(options.executablePath);
  const { chromium } = loadPlaywright();
  try {
    return await chromium.launchServer({ ...chromiumLaunchOptions(options), host: '127.0.0.1', port: 0 });
  } catch (error) {
    throw launchFailed(options.executablePath, error);
  }
}

/**
 * Rejects, saying what to install, when Chromium is not there. (Playwright creates the profile
 * directory before it finds the executable missing, and leaves it behind: look first.)
 */
export async function checkExecutable(executablePath: string): Promise<void> {
  await access(executablePath, constants.X_OK).catch((error: unknown) => {
    throw launchFailed(executablePath, error);
  });
}

export function launchFailed(executablePath: string, error: unknown): Error {
  const reason = String((error as Error).message ?? error).split('\n')[0] ?? '';
  return new Error(`Chromium could not be started from ${executablePath} (${reason}). Install Debian's chromium package or set CHROMIUM_PATH.`, {
    cause: error,
  });
}
