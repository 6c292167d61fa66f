import { archivePage, MemorySink, type ArchiveOptionsInput, type Manifest } from '../../src/index.js';

/** The copy, and its page's render report, of the page at `url` rendered in a browser (render: always) on the local fixtures' terms. */
export async function renderOnce(url: string, options: ArchiveOptionsInput = {}): Promise<{ sink: MemorySink; render: Manifest['resources'][number]['render'] }> {
  const sink = new MemorySink();
  await archivePage(url, sink, { allowPrivateNetworks: true, retries: 0, render: 'always', renderTimeoutMs: 15_000, ...options });
  return { sink, render: (JSON.parse(sink.text('sitezip-manifest.json')) as Manifest).resources[0]?.render };
}
