import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pixelDiffPercent } from './compare.js';
import { textMatch } from '../load/text-match.js';

function png(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      image.data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return PNG.sync.write(image);
}

describe('pixelDiffPercent', () => {
  const white = png(10, 10, () => [255, 255, 255]);
  it('is 0 for the same picture and counts differing pixels', () => {
    expect(pixelDiffPercent(white, white)).toBe(0);
    expect(pixelDiffPercent(white, png(10, 10, (x, y) => (x < 5 && y < 2 ? [0, 0, 0] : [255, 255, 255])))).toBe(10);
  });
  it('counts what pixelmatch counts over the whole picture, anti-aliased edges included', () => {
    // A grey ramp with dark strokes (anti-aliasing candidates), changed in a band in the middle.
    const paint = (shift: number) => (x: number, y: number): [number, number, number] => {
      const stroke = (x + y * 3 + (y >= 12 && y < 17 ? shift : 0)) % 7 === 0;
      const v = stroke ? 20 : 200 + ((x * 5 + y) % 40);
      return [v, v, v];
    };
    const a = png(40, 30, paint(0));
    const b = png(40, 30, paint(2));
    const whole = pixelmatch(PNG.sync.read(a).data, PNG.sync.read(b).data, undefined, 40, 30, { threshold: 0.1 });
    expect(whole).toBeGreaterThan(0);
    expect(pixelDiffPercent(a, b)).toBe(Math.round((whole / (40 * 30)) * 100 * 1000) / 1000);
  });
  it('counts rows only one picture has as different', () => {
    expect(pixelDiffPercent(white, png(10, 20, () => [255, 255, 255]))).toBe(50);
  });

  describe('in a moving area (a scene that turns, pictured at another moment)', () => {
    // A green bar on a grey backdrop, turned: upright in one picture, lying in the other.
    const scene = (bar: (x: number, y: number) => boolean, colour: [number, number, number]) =>
      png(40, 40, (x, y) => (x >= 10 && x < 30 && y >= 10 && y < 30 && bar(x, y) ? colour : x >= 10 && x < 30 && y >= 10 && y < 30 ? [220, 224, 222] : [255, 255, 255]));
    const green: [number, number, number] = [60, 150, 90];
    const upright = scene((x) => x >= 17 && x < 23, green);
    const lying = scene((_x, y) => y >= 17 && y < 23, green);
    const area = { x: 10, y: 10, width: 20, height: 20 };

    it('counts as the same where it shows alike colours', () => {
      expect(pixelDiffPercent(upright, lying)).toBeGreaterThan(5);
      expect(pixelDiffPercent(upright, lying, [area])).toBe(0);
    });
    it('counts in full where it is left blank or drawn in other colours', () => {
      const blank = scene(() => false, green);
      const black = scene((_x, y) => y >= 17 && y < 23, [10, 10, 10]);
      expect(pixelDiffPercent(upright, blank, [area])).toBe(pixelDiffPercent(upright, blank));
      expect(pixelDiffPercent(upright, black, [area])).toBe(pixelDiffPercent(upright, black));
    });
  });
});

describe('textMatch', () => {
  it('is 1 for the same words, whatever the spacing and case, and 0 for none shared', () => {
    expect(textMatch('Hello  world\n', 'hello World')).toBe(1);
    expect(textMatch('abc', 'xyz')).toBe(0);
    expect(textMatch('', '')).toBe(1);
  });
  it('scores partial overlap', () => {
    expect(textMatch('one two three four', 'one two')).toBeCloseTo(0.667, 3);
    expect(textMatch('Docs Guide API', '404 PAGE NOT FOUND')).toBe(0);
    // Without numbers, a time or a count that differs is the same word; letters still count.
    expect(textMatch('Computed in 3.2 ms', 'Computed in 14.75 ms')).toBeCloseTo(0.6, 3);
    expect(textMatch('Computed in 3.2 ms', 'Computed in 14.75 ms', { numbers: false })).toBe(1);
    expect(textMatch('18 guides indexed', 'Loading', { numbers: false })).toBe(0);
  });
});
