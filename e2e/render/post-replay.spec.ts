import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { FORMS_SHOWN, postRoutes, SHOWN } from '../../packages/archiver/test/render-post.fixture.js';
import { serveFixture, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';
import type { SeenRequest } from '../../packages/archiver/test/support/render-site.js';
import { sharedFirefox, viewInFirefox } from '../support/firefox.js';
import { captureWithCli, type CliCapture } from '../support/capture.js';
import { openOffline } from '../support/offline.js';

// A page built from POSTs (two GraphQL queries to one URL, a form-encoded XHR, bodies as bytes
// and as a Blob, a synchronous XHR), captured once with the built CLI (--render always): its live copy answers
// every POST from the recording when opened from file://, in Chromium and in Firefox. So does the
// copy of a page that posts FormData (random multipart boundaries), captured the same way.

const seen: SeenRequest[] = [];
let site: FixtureSite;
let capture: CliCapture;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await serveFixture(postRoutes(seen));
  capture = await captureWithCli(site.url, ['--render', 'always']);
});

/** The copy opened is the page as served, empty until its script runs on the replay layer. */
async function expectLiveCopy(): Promise<void> {
  const index = await readFile(join(capture.dir, 'index.html'), 'utf8');
  expect(index).toContain('<span id="pets">…</span>');
  expect(index).toContain('<script src="sitezip-replay.js"></script>');
}

test.afterAll(async () => {
  await site?.close();
  await capture?.cleanup();
});

test('the capture sent each POST once and kept the live copy', () => {
  expect(capture.manifest.resources[0]?.render).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0 } });
  expect(seen.map((request) => `${request.method} ${request.path}`).sort()).toEqual(['POST /echo', 'POST /echo', 'POST /echo', 'POST /graphql', 'POST /graphql', 'POST /search']);
});

test('offline in Chromium, the live copy shows every answer with no request failed', async ({ browser }) => {
  await expectLiveCopy();
  const view = await offlineView(browser, capture.dir, SHOWN);
  for (const shown of SHOWN) expect(view.text).toContain(shown);
  expect({ failed: view.failed, online: view.online, errors: view.errors }).toEqual({ failed: [], online: [], errors: [] });
});

/** The copy in `dir` offline in Chromium, read once all of `shown` is on the page (or 10 s passed). */
async function offlineView(browser: Browser, dir: string, shown: readonly string[]) {
  const offline = await openOffline(browser, dir);
  try {
    await offline.page.waitForFunction((texts) => texts.every((text) => document.body.innerText.includes(text)), shown, { timeout: 10_000 }).catch(() => undefined);
    const text = await offline.page.evaluate(() => document.body.innerText);
    return { text, failed: offline.failedRequests, online: offline.networkRequests, errors: offline.pageErrors };
  } finally {
    await offline.close();
  }
}

test('offline in Firefox, the live copy shows every answer with no request failed', async () => {
  await expectLiveCopy();
  const view = await viewInFirefox(await sharedFirefox(), pathToFileURL(join(capture.dir, 'index.html')).href);
  for (const shown of SHOWN) expect(view.text).toContain(shown);
  expect({ failed: view.failedRequests, online: view.onlineRequests, errors: view.pageErrors }).toEqual({ failed: [], online: [], errors: [] });
});

test.describe('a page that posts FormData', () => {
  let forms: CliCapture;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    forms = await captureWithCli(`${site.origin}/forms`, ['--render', 'always']);
    expect(forms.manifest.resources[0]?.render).toMatchObject({ output: 'live', check: { failedRequests: 0, onlineRequests: 0 } });
    expect(seen.filter((request) => request.path === '/form')).toHaveLength(FORMS_SHOWN.length);
  });

  test.afterAll(() => forms?.cleanup());

  test('offline in Chromium, the live copy answers every form (fields, files, XHR, a synchronous XHR, a Request)', async ({ browser }) => {
    const view = await offlineView(browser, forms.dir, FORMS_SHOWN);
    for (const shown of FORMS_SHOWN) expect(view.text).toContain(shown);
    expect({ failed: view.failed, online: view.online }).toEqual({ failed: [], online: [] });
  });

  test('offline in Firefox, the live copy answers every form too', async () => {
    const view = await viewInFirefox(await sharedFirefox(), pathToFileURL(join(forms.dir, 'index.html')).href);
    for (const shown of FORMS_SHOWN) expect(view.text).toContain(shown);
    expect({ failed: view.failedRequests, online: view.onlineRequests, errors: view.pageErrors }).toEqual({ failed: [], online: [], errors: [] });
  });
});
