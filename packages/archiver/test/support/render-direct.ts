import { HttpFetcher } from '../../src/fetch/http-fetcher.js';
import { parseOptions } from '../../src/options.js';
import { BrowserHost, parseRenderLimits, renderPage, type RenderResult } from '../../src/render/index.js';

/** The render of `url` alone (no capture around it), in a browser of its own, on the local fixtures' terms; its tab closed. */
export async function renderDirect(url: string, limits: Parameters<typeof parseRenderLimits>[0] = {}): Promise<RenderResult> {
  const host = new BrowserHost();
  const fetcher = new HttpFetcher(parseOptions({ allowPrivateNetworks: true, retries: 0 }));
  try {
    const result = await renderPage(url, { fetcher, host, signal: new AbortController().signal, limits: parseRenderLimits(limits) });
    await result.closed;
    return result;
  } finally {
    await host.close();
    await fetcher.close();
  }
}
