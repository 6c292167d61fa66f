import { cpus } from 'node:os';
import PQueue from 'p-queue';
import { trace } from '../trace.js';

// How many pages a browser of the capture's own renders at once. A render waits much of its
// time (its page's requests, then its quiet time): a mirror of 78 Doxygen pages, each rendered,
// took 49 s at one turn per core on two cores and 40 s at two. Pages that keep the browser busy
// (a 5 MB app, a scroll-driven one) must not share a core four ways, nor grow the browser past
// its memory limit: the turns grow one at a time while the machine has idle time and the browser
// is small, and shrink when not.

export interface TurnBounds {
  /** Turns when nothing is known, and the fewest: one per core. */
  base: number;
  /** The most: two per core. */
  most: number;
}

/** One reading of the machine while renders wait or run. */
export interface TurnReading {
  /** Share of the machine's CPU time that was idle since the last reading, 0–1. */
  idle: number;
  /** The browser's private memory as a share of its limit; undefined when it is not known. */
  memory: number | undefined;
  /** Renders waiting for a turn. */
  waiting: number;
}

const IDLE_TO_GROW = 0.25;
const IDLE_TO_SHRINK = 0.08;
const MEMORY_TO_GROW = 0.55;
const MEMORY_TO_SHRINK = 0.7;

/** The number of turns after `reading`: one more, one fewer, or as many. */
export function nextTurns(current: number, reading: TurnReading, bounds: TurnBounds): number {
  const memory = reading.memory ?? 1;
  if (reading.idle < IDLE_TO_SHRINK || memory > MEMORY_TO_SHRINK) return Math.max(bounds.base, current - 1);
  if (reading.waiting > 0 && reading.idle > IDLE_TO_GROW && memory < MEMORY_TO_GROW) return Math.min(bounds.most, current + 1);
  return current;
}

const TURN_READING_MS = 500;

/** CPU time of the whole machine so far (ms), idle and all. */
function machineTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/**
 * A queue of renders whose concurrency follows nextTurns, read every TURN_READING_MS while
 * renders wait or run. `memory` tells the browser's memory as a share of its limit.
 */
export function renderTurns(memory: () => number | undefined, cores: number): PQueue {
  const bounds: TurnBounds = { base: Math.max(1, cores), most: Math.max(1, cores) * 2 };
  const queue = new PQueue({ concurrency: bounds.base });
  let timer: NodeJS.Timeout | undefined;
  let last = machineTimes();
  const read = () => {
    if (queue.size === 0 && queue.pending === 0) {
      clearInterval(timer);
      timer = undefined;
      queue.concurrency = bounds.base;
      return;
    }
    const now = machineTimes();
    const total = now.total - last.total;
    const idle = total > 0 ? (now.idle - last.idle) / total : 0;
    last = now;
    const reading = { idle, memory: memory(), waiting: queue.size };
    const next = nextTurns(queue.concurrency, reading, bounds);
    if (next !== queue.concurrency) trace(`render turns: ${next} (idle ${idle.toFixed(2)}, browser memory ${reading.memory?.toFixed(2)}, ${reading.waiting} waiting)`);
    queue.concurrency = next;
  };
  queue.on('add', () => {
    if (timer) return;
    last = machineTimes();
    timer = setInterval(read, TURN_READING_MS);
    timer.unref();
  });
  return queue;
}
