import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SHA256_SOURCE } from './replay-hash.js';

const sha256 = new Function(`${SHA256_SOURCE}; return sha256;`)() as (bytes: Uint8Array) => string;

describe('the replay layer’s SHA-256', () => {
  // Every length around the padding's edges (55/56/64 bytes), and a few larger bodies.
  const lengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 65_537, 1024 * 1024];
  it.each(lengths)('agrees with node:crypto on %i random bytes', (length) => {
    const bytes = randomBytes(length);
    expect(sha256(new Uint8Array(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('hashes text as its UTF-8 bytes, as the renderer hashed what the browser sent', () => {
    const text = JSON.stringify({ query: 'query Pets($q: String) { pets(q: $q) { name } }', variables: { q: 'Köln ☃ 𝄞' } });
    expect(sha256(new TextEncoder().encode(text))).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});
