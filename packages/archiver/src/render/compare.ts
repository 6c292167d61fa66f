import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * Percentage of pixels that differ between two screenshots (pixelmatch's perceptual threshold,
 * anti-aliasing ignored). Where one picture is taller, the rows only it has count as different.
 */
export function pixelDiffPercent(a: Buffer, b: Buffer): number {
  // Chromium encodes the same pixels to the same bytes: a copy that looks exactly like the
  // original (most snapshots) is known without decoding (a 1280×2400 PNG took 0.15–0.5 s each).
  if (a.equals(b)) return 0;
  const first = decoded(a);
  const second = PNG.sync.read(b);
  const width = Math.min(first.width, second.width);
  const height = Math.min(first.height, second.height);
  const total = Math.max(first.width, second.width) * Math.max(first.height, second.height);
  if (total === 0) return 0;
  const differing = width && height ? countDiffering(crop(first, width, height), crop(second, width, height), width, height) : 0;
  return round(((differing + total - width * height) / total) * 100);
}

/**
 * pixelmatch over the band of rows where the pictures differ at all. Identical rows never count,
 * and pixelmatch's anti-aliasing test looks at most two rows away from a pixel, so the band with
 * two rows either side counts what the whole picture would, at a fraction of the cost: a copy's
 * picture is most often identical or differs in a few lines (three viewports are 3 M pixels).
 */
function countDiffering(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  const row = width * 4;
  const same = (y: number) => Buffer.compare(a.subarray(y * row, (y + 1) * row), b.subarray(y * row, (y + 1) * row)) === 0;
  let top = 0;
  while (top < height && same(top)) top++;
  if (top === height) return 0;
  let bottom = height - 1;
  while (bottom > top && same(bottom)) bottom--;
  const from = Math.max(0, top - BAND_MARGIN);
  const to = Math.min(height, bottom + 1 + BAND_MARGIN);
  return pixelmatch(a.subarray(from * row, to * row), b.subarray(from * row, to * row), undefined, width, to - from, { threshold: 0.1 });
}

const BAND_MARGIN = 2;

/**
 * The last picture decoded, with its PNG: a page's original is compared with its two copies at
 * once, and decoded once. One only: a decoded picture is 12 MB.
 */
let lastDecoded: { png: Buffer; image: PNG } | undefined;

function decoded(png: Buffer): PNG {
  if (lastDecoded?.png === png) return lastDecoded.image;
  const image = PNG.sync.read(png);
  lastDecoded = { png, image };
  return image;
}

function crop(png: PNG, width: number, height: number): Uint8Array {
  if (png.width === width && png.height === height) return png.data;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) out.set(png.data.subarray(y * png.width * 4, (y * png.width + width) * 4), y * width * 4);
  return out;
}

function round(value: number, digits = 3): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
