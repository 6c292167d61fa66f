import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** An area of a picture, in its pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Percentage of pixels that differ between two screenshots (pixelmatch's perceptual threshold,
 * anti-aliasing ignored). Where one picture is taller, the rows only it has count as different.
 * `moving`: areas of `a` that changed on their own as it was pictured (a 3D scene that turns, a
 * video: MOVING_AREAS in in-page.ts), whose pixels `b` shows at another moment: one counts as the
 * same where its colours are (MOVING_AREA_SAME), not pixel for pixel; a canvas left blank, or
 * drawn in other colours, still counts in full.
 */
export function pixelDiffPercent(a: Buffer, b: Buffer, moving: readonly Box[] = []): number {
  // Chromium encodes the same pixels to the same bytes: a copy that looks exactly like the
  // original (most snapshots) is known without decoding (a 1280×2400 PNG took 0.15–0.5 s each).
  if (a.equals(b)) return 0;
  const first = decoded(a);
  const second = PNG.sync.read(b);
  for (const box of moving) sameWhereAlike(first, second, box);
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
 * How far apart (total variation, 0 to 1) the colour histograms of a moving area may be and it
 * still counts as the same: a turning model shows the same materials at another angle.
 */
const MOVING_AREA_SAME = 0.25;
/** Levels per colour channel in a moving area's histogram (4³ = 64 bins). */
const LEVELS = 4;

/** Where `box` shows alike colours in both pictures, `b` takes `a`'s pixels there (they then count as the same). */
function sameWhereAlike(a: PNG, b: PNG, box: Box): void {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(a.width, b.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(a.height, b.height, Math.ceil(box.y + box.height));
  if (right <= left || bottom <= top) return;
  if (colourDistance(histogram(a, left, top, right, bottom), histogram(b, left, top, right, bottom)) > MOVING_AREA_SAME) return;
  for (let y = top; y < bottom; y++) {
    a.data.copy(b.data, (y * b.width + left) * 4, (y * a.width + left) * 4, (y * a.width + right) * 4);
  }
}

/**
 * Total variation between two colour histograms, the colour that fills most of the first left out
 * of both when it is its backdrop (a third or more): a model on a plain backdrop is the model's
 * colours (a teapot drawn black, its texture lost, was 0.18 from the green one with its backdrop).
 */
function colourDistance(a: Float64Array, b: Float64Array): number {
  let backdrop = 0;
  for (let i = 1; i < a.length; i++) if (a[i]! > a[backdrop]!) backdrop = i;
  const skip = a[backdrop]! >= BACKDROP_SHARE ? backdrop : -1;
  const restA = 1 - (skip < 0 ? 0 : a[skip]!);
  const restB = 1 - (skip < 0 ? 0 : b[skip]!);
  // All backdrop in one picture and not in the other: nothing alike.
  if (restA <= 0 || restB <= 0) return restA === restB ? 0 : 1;
  let distance = 0;
  for (let i = 0; i < a.length; i++) if (i !== skip) distance += Math.abs(a[i]! / restA - b[i]! / restB);
  return distance / 2;
}

/** The share of a moving area one colour fills to be taken as its backdrop. */
const BACKDROP_SHARE = 1 / 3;

function histogram(png: PNG, left: number, top: number, right: number, bottom: number): Float64Array {
  const bins = new Float64Array(LEVELS ** 3);
  const level = (value: number) => Math.min(LEVELS - 1, Math.floor((value * LEVELS) / 256));
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const at = (y * png.width + x) * 4;
      bins[(level(png.data[at]!) * LEVELS + level(png.data[at + 1]!)) * LEVELS + level(png.data[at + 2]!)]!++;
    }
  }
  const count = (right - left) * (bottom - top);
  for (let i = 0; i < bins.length; i++) bins[i]! /= count;
  return bins;
}

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
