/**
 * How a Full Website job's crawl state is laid out in the object store, under the job's folder:
 *
 *   <generation>/crawl.json                           the crawl's identity (URL, options hash)
 *   <generation>/<seq>-<journal end>-<zip end>        one checkpoint: the journal's new bytes,
 *                                                     then the partial ZIP's new bytes
 *
 * A generation is one run of the capture (each run starts a new journal and a new ZIP); a
 * segment's name says where the two files end once it is appended, so a listing alone tells
 * how much each generation holds, and each object's size whether its upload completed. Numbers
 * are zero-padded: names sort as numbers do.
 */

import type { StoredObject } from './checkpoint-store.js';

export const IDENTITY = 'crawl.json';

export interface Segment {
  name: string;
  seq: number;
  /** The journal's and the ZIP's length once this segment and those before it are appended. */
  journalEnd: number;
  zipEnd: number;
}

export interface Generation {
  number: number;
  hasIdentity: boolean;
  /** Segments 0, 1, 2... without a gap or a short one: the part that can be rebuilt. */
  segments: Segment[];
  /** Bytes of ZIP the segments rebuild. */
  zipBytes: number;
}

const pad = (n: number) => String(n).padStart(6, '0');

export function generationFolder(generation: number): string {
  return pad(generation);
}

export function segmentName(generation: number, seq: number, journalEnd: number, zipEnd: number): string {
  return `${pad(generation)}/${pad(seq)}-${journalEnd}-${zipEnd}`;
}

export function identityName(generation: number): string {
  return `${pad(generation)}/${IDENTITY}`;
}

/** The generations a listing of a job's folder holds, oldest first; names of no generation are ignored. */
export function generationsOf(objects: readonly StoredObject[]): Generation[] {
  const byNumber = new Map<number, { hasIdentity: boolean; segments: (Segment & { size: number })[] }>();
  for (const { name, size } of objects) {
    const match = /^(\d{6})\/(?:(crawl\.json)|(\d{6})-(\d+)-(\d+))$/.exec(name);
    if (!match) continue;
    const number = Number(match[1]);
    const generation = byNumber.get(number) ?? { hasIdentity: false, segments: [] };
    byNumber.set(number, generation);
    if (match[2]) generation.hasIdentity = true;
    else generation.segments.push({ name, seq: Number(match[3]), journalEnd: Number(match[4]), zipEnd: Number(match[5]), size });
  }
  return [...byNumber.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, { hasIdentity, segments }]) => {
      const contiguous = completeRun(segments.sort((a, b) => a.seq - b.seq));
      return { number, hasIdentity, segments: contiguous, zipBytes: contiguous.at(-1)?.zipEnd ?? 0 };
    });
}

/**
 * The segments up to the first whose upload never finished: missing (a gap in the numbers), or
 * listed with fewer bytes than its name says it appends (a store may list the part of a PUT it
 * received before the worker sending it was killed). Nothing after it can be appended.
 */
function completeRun(sorted: readonly (Segment & { size: number })[]): Segment[] {
  const run: Segment[] = [];
  for (const { size, ...segment } of sorted) {
    const before = run.at(-1) ?? { journalEnd: 0, zipEnd: 0 };
    if (segment.seq !== run.length || size !== segment.journalEnd - before.journalEnd + (segment.zipEnd - before.zipEnd)) break;
    run.push(segment);
  }
  return run;
}

/**
 * The generation to continue from: the one that rebuilds the most ZIP (the newest of equals).
 * A run continued from an older generation first copies that generation's files into its own
 * ZIP, so until it has written more than the older one holds, the older one is still the better.
 */
export function bestGeneration(generations: readonly Generation[]): Generation | undefined {
  let best: Generation | undefined;
  for (const generation of generations) {
    if (!generation.hasIdentity || !generation.segments.length) continue;
    if (!best || generation.zipBytes >= best.zipBytes) best = generation;
  }
  return best;
}

/** The generations `current` makes useless: older and holding no more ZIP than it does. */
export function supersededBy(generations: readonly Generation[], current: Generation): Generation[] {
  return generations.filter((g) => g.number < current.number && g.zipBytes <= current.zipBytes);
}
