import { pathToFileURL } from 'node:url';
import type { CopyCheck } from '../capture/manifest.js';
import type { BrowserHost } from './browser-host.js';
import { pixelDiffPercent, textMatch } from './compare.js';
import { call, SCROLL_THROUGH, SCROLL_TO_TOP } from './in-page.js';
import { PICTURE_HEIGHT, takePicture, type Picture } from './picture.js';
import { within } from './race.js';
import { settle } from './settle.js';

/**
 * Opens the saved copy `file` from file:// in a fresh context of the same browser, with every
 * request to the network refused, waits for it to load and go quiet, and compares it with
 * `original`. `budgetMs` bounds the waiting; a copy that never loads is pictured as it is then.
 */
export async function checkCopy(host: BrowserHost, file: string, original: Picture, budgetMs: number, signal: AbortSignal): Promise<CopyCheck> {
  const lease = await host.open();
  try {
    let online = 0;
    let failed = 0;
    await lease.context.route('**/*', (route) => {
      // Routing sees the copy's own files too: those load as a user's browser would load them.
      if (route.request().url().startsWith('file:')) return route.continue();
      online++;
      return route.abort('internetdisconnected');
    });
    const page = await lease.context.newPage();
    // Missing files, requests the copy's CSP stopped (an address built at run time), and those refused above.
    page.on('requestfailed', () => failed++);
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    const until = performance.now() + budgetMs;
    const left = () => Math.max(0, until - performance.now());
    await within(page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 0 }).catch(() => undefined), left(), signal);
    // As the original was: scrolled through (lazy images load), then back to the top, quiet.
    await within(page.evaluate(call(SCROLL_THROUGH, Math.ceil(PICTURE_HEIGHT / 800))), left(), signal).catch(() => undefined);
    await within(page.evaluate(call(SCROLL_TO_TOP)), left(), signal).catch(() => undefined);
    await settle(page, { quietForMs: () => Number.POSITIVE_INFINITY }, { quietMs: 300, budgetMs: Math.min(left(), 3_000) }, signal);
    const copy = await takePicture(page);
    return {
      browser: 'chromium',
      pixelDiff: pixelDiffPercent(original.png, copy.png),
      textMatch: textMatch(original.text, copy.text),
      failedRequests: failed,
      onlineRequests: online,
    };
  } finally {
    await lease.close();
  }
}
