import { describe, expect, it } from 'vitest';
import { bestGeneration, generationsOf, identityName, segmentName, supersededBy } from './checkpoint-names.js';

describe('checkpoint names', () => {
  it('reads generations back from a listing, up to the first missing segment', () => {
    const names = [identityName(1), segmentName(1, 0, 10, 100), segmentName(1, 2, 30, 300), segmentName(1, 1, 20, 200), 'stray', identityName(2)];
    const [one, two] = generationsOf(names);
    expect(one).toMatchObject({ number: 1, hasIdentity: true, zipBytes: 300 });
    expect(one!.segments.map((s) => s.seq)).toEqual([0, 1, 2]);
    expect(two).toMatchObject({ number: 2, hasIdentity: true, segments: [], zipBytes: 0 });
    const gap = generationsOf([identityName(3), segmentName(3, 0, 1, 1), segmentName(3, 2, 3, 3)]);
    expect(gap[0]!.zipBytes).toBe(1);
  });

  it('continues from the generation that rebuilds the most ZIP, the newest of equals', () => {
    const generations = generationsOf([
      identityName(0),
      segmentName(0, 0, 10, 500),
      identityName(1),
      segmentName(1, 0, 10, 400),
      // Segments without an identity cannot be used.
      segmentName(2, 0, 10, 900),
    ]);
    expect(bestGeneration(generations)?.number).toBe(0);
    const later = generationsOf([identityName(0), segmentName(0, 0, 10, 500), identityName(1), segmentName(1, 0, 10, 500)]);
    expect(bestGeneration(later)?.number).toBe(1);
    expect(supersededBy(later, later[1]!).map((g) => g.number)).toEqual([0]);
    expect(supersededBy(generations, generations[1]!)).toEqual([]);
  });
});
