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

/**
 * How much of two texts is the same, from 0 to 1: the Dice coefficient of their words (a
 * multiset), so order matters less than content and a long page costs linear time. With
 * `numbers: false`, words of digits alone count as one word whatever their value.
 */
export function textMatch(a: string, b: string, { numbers = true } = {}): number {
  // Without numbers, every word of digits is one and the same word: the texts compare by the rest.
  const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => (numbers || !/^\p{N}+$/u.test(word) ? word : '0'));
  const left = words(a);
  const right = words(b);
  if (left.length === 0 && right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of left) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of right) {
    const n = counts.get(word) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(word, n - 1);
    }
  }
  return round((2 * shared) / (left.length + right.length), 4);
}

function round(value: number, digits = 3): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
