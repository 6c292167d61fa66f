// Apart from render/compare.ts: deciding whether a render changed a page's text needs no PNG library.

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

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
