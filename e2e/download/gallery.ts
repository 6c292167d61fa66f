import type { Page } from '@playwright/test';
import { PNG_1PX, serveFixture, type FixtureRoute, type FixtureSite } from '../../packages/archiver/test/support/fixture-site.js';

/** A promise the test resolves when it is ready for the fixture to go on. */
export interface Gate {
  opened: Promise<void>;
  open(): void;
}

export function createGate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export interface GalleryOptions {
  images: number;
  /** Delay of every response, as a network round trip would add. */
  latencyMs: number;
  /** Image `i` below `holdFrom` answers `i * staggerMs` after its request (on top of the latency). */
  staggerMs?: number;
  /** Images from this index on wait for `gate`, then answer at once. */
  holdFrom?: number;
  gate?: Gate;
}

/** A page with many small images, answering over time, so a capture has visible progress. */
export function serveGallery(options: GalleryOptions): Promise<FixtureSite> {
  const { images, latencyMs, staggerMs = 0, holdFrom = images, gate } = options;
  const tags = Array.from({ length: images }, (_, i) => `<img src="/img/${i}.png" alt="" width="8" height="8">`);
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>Gallery</title></head>
<body><h1>Gallery</h1>${tags.join('')}</body></html>`;
  const routes: Record<string, FixtureRoute> = { '/': { body: page } };
  for (let i = 0; i < images; i++) {
    routes[`/img/${i}.png`] = {
      handle: (_request, response) => {
        const send = () => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX);
        if (i >= holdFrom && gate) void gate.opened.then(send);
        else setTimeout(send, i * staggerMs);
      },
    };
  }
  return serveFixture(routes, { latencyMs });
}

/** The id of the job the page starts next (from the 202 answer of `POST /jobs`). */
export async function nextJobId(page: Page): Promise<{ id: string; authorization: string | undefined }> {
  const response = await page.waitForResponse(
    (candidate) => new URL(candidate.url()).pathname === '/jobs' && candidate.request().method() === 'POST',
  );
  if (response.status() !== 202) throw new Error(`POST /jobs answered ${response.status()}: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  return { id, authorization: await response.request().headerValue('authorization') ?? undefined };
}

/** Every value aria-valuenow of the download progress bar takes, recorded in the page. */
export async function recordProgressValues(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const read = () => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (value != null && Number(value) !== seen.at(-1)) seen.push(Number(value));
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}
