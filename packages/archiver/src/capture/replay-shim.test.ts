import { describe, expect, it } from 'vitest';
import { REPLAY_LAYER } from './replay-shim.js';

// The layer is source text inside template literals: an escape lost there (`\/` reads as `/`)
// breaks the whole layer, and every live copy with it, without a type error anywhere.
describe('REPLAY_LAYER', () => {
  it('is a script that compiles', () => {
    expect(() => new Function(REPLAY_LAYER)).not.toThrow();
  });

  it('keeps each method it wraps under a name of its own (two layers sharing one var made getAttribute call itself)', () => {
    const saved = [...REPLAY_LAYER.matchAll(/var (\w+) = [\w.]+\.prototype\.\w+\s*[;,]/g)].map((match) => match[1]);
    expect(saved).toContain('beforeBase');
    expect(saved.filter((name, index) => saved.indexOf(name) !== index)).toEqual([]);
  });
});
