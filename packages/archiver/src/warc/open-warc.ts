import type { WarcInfo, WarcWriter } from './warc-writer.js';

/**
 * A WARC file at `path`, its warcinfo record written first. warcio takes ~0.1 s to load: it is
 * loaded here, on demand, never with the engine.
 */
export async function openWarcFile(path: string, info: WarcInfo): Promise<WarcWriter> {
  const { WarcWriter } = await import('./warc-writer.js');
  return new WarcWriter(path, info);
}
