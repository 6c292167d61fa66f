import { inflateSync } from 'node:zlib';
import type { Locator } from '@playwright/test';

/**
 * The colour on screen at the centre of `locator`, as `rgb(r, g, b)`. What the user sees is the
 * only proof that a CSS background, an `<object>` or an SVG reference loaded: none of them
 * exposes its load state to script.
 */
export async function colorAt(locator: Locator): Promise<string> {
  const box = await locator.boundingBox();
  if (!box) return 'not rendered';
  const x = Math.floor(box.x + box.width / 2);
  const y = Math.floor(box.y + box.height / 2);
  const png = await locator.page().screenshot({ clip: { x, y, width: 1, height: 1 } });
  return onePixel(png);
}

/**
 * Decodes a 1×1 PNG. With a single pixel every PNG row filter leaves the bytes as they are
 * (there is no left or upper neighbour), so no unfiltering is needed.
 */
function onePixel(png: Buffer): string {
  const idat: Buffer[] = [];
  let colorType = 2;
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      if (data.readUInt32BE(0) !== 1 || data.readUInt32BE(4) !== 1 || data[8] !== 8) throw new Error('expected a 1×1 8-bit PNG');
      colorType = data[9] ?? 2;
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  if (colorType !== 2 && colorType !== 6) throw new Error(`unexpected PNG colour type ${colorType}`);
  const [, r, g, b] = inflateSync(Buffer.concat(idat));
  return `rgb(${r}, ${g}, ${b})`;
}
