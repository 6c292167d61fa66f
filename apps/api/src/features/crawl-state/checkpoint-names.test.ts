import { describe, expect, it } from 'vitest';
import { bestGeneration, generationsOf, identityName, segmentName, supersededBy } from './checkpoint-names.js';

/** A listed object: a segment's size is its journal bytes plus its ZIP bytes (those since the segment before). */
const listed = (name: string, size = 2) => ({ name, size });

describe('checkpoint names', () => {
  it('reads generations back from a listing, up to the first missing segment', () => {
    const objects = [
      listed(identityName(1)),
      listed(segmentName(1, 0, 10, 100), 110),
      listed(segmentName(1, 2, 30, 300), 110),
      listed(segmentName(1, 1, 20, 200), 110),
      listed('stray'),
      listed(identityName(2)),
    ];
    const [one, two] = generationsOf(objects);
    expect(one).toMatchObject({ number: 1, hasIdentity: true, zipBytes: 300 });
    expect(one!.segments.map((s) => s.seq)).toEqual([0, 1, 2]);
    expect(two).toMatchObject({ number: 2, hasIdentity: true, segments: [], zipBytes: 0 });
    const gap = generationsOf([listed(identityName(3)), listed(segmentName(3, 0, 1, 1), 2), listed(segmentName(3, 2, 3, 3), 4)]);
    expect(gap[0]!.zipBytes).toBe(1);
  });

  it('ends a generation at a segment listed with fewer bytes than its name says (its upload was cut off)', () => {
    // s3rver lists the part of a PUT it received before the worker sending it was killed.
    const [cut] = generationsOf([
      listed(identityName(0)),
      listed(segmentName(0, 0, 10, 100), 110),
      listed(segmentName(0, 1, 20, 200), 60),
      listed(segmentName(0, 2, 30, 300), 110),
    ]);
    expect(cut!.segments.map((s) => s.seq)).toEqual([0]);
    expect(cut!.zipBytes).toBe(100);
  });

  it('continues from the generation that rebuilds the most ZIP, the newest of equals', () => {
    const generations = generationsOf([
      listed(identityName(0)),
      listed(segmentName(0, 0, 10, 500), 510),
      listed(identityName(1)),
      listed(segmentName(1, 0, 10, 400), 410),
      // Segments without an identity cannot be used.
      listed(segmentName(2, 0, 10, 900), 910),
    ]);
    expect(bestGeneration(generations)?.number).toBe(0);
    const later = generationsOf([listed(identityName(0)), listed(segmentName(0, 0, 10, 500), 510), listed(identityName(1)), listed(segmentName(1, 0, 10, 500), 510)]);
    expect(bestGeneration(later)?.number).toBe(1);
    expect(supersededBy(later, later[1]!).map((g) => g.number)).toEqual([0]);
    expect(supersededBy(generations, generations[1]!)).toEqual([]);
  });
});
