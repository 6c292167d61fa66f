import { availableParallelism } from 'node:os';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startWorkerBeside } from '../worker-file.js';
import { adoptPortableScan, findHtmlRefs, HtmlTooComplexError, type HtmlScan, type PortableScan } from './html.js';

/** Finds a document's references, or says why it is beyond parsing (see findHtmlRefs). */
export interface HtmlScanner {
  scan(html: string, maxRefs: number): Promise<HtmlScan | HtmlTooComplexError>;
  /** Scans another thread made so far. */
  readonly offThread: number;
  close(): Promise<void>;
}

export interface ScanRequest {
  id: number;
  html: string;
  maxRefs: number;
}

export type ScanReply = { id: number; portable: PortableScan } | { id: number; error: string; tooComplex: boolean };

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (scan: HtmlScan | HtmlTooComplexError) => void; reject: (error: Error) => void; html: string; maxRefs: number }>;
}

/**
 * Threads for a crawl's parsing: parse5 is about half of a static crawl's CPU time, and the
 * main thread has the network, the rewrite and the ZIP to do. Sized to the cores, less the main
 * thread's; on one core (or with `SITEZIP_PARSE_THREADS=0`) the scan runs in the calling thread.
 */
export function defaultParseThreads(): number {
  const set = process.env.SITEZIP_PARSE_THREADS;
  if (set !== undefined && /^\d+$/.test(set)) return Number(set);
  return Math.min(4, availableParallelism() - 1);
}

// A parse makes short-lived garbage only: small generations keep the thread's memory down. A
// document too big for them (tens of MB) ends the thread out of memory and is parsed here.
// 32 MB holds a 1.2 MB TypeDoc page with its 10,000 revisited elements; it saved 15 to 25 MB of
// peak RSS on the docs site against no limit.
const PARSE_THREAD_MEMORY = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 };

/** Scans in the calling thread: what a pool of no threads does. */
export const inThreadScanner: HtmlScanner = {
  scan: async (html, maxRefs) => scanOrTooComplex(() => findHtmlRefs(html, maxRefs)),
  offThread: 0,
  close: async () => undefined,
};

function scanOrTooComplex(scan: () => HtmlScan): HtmlScan | HtmlTooComplexError {
  try {
    return scan();
  } catch (error) {
    if (error instanceof HtmlTooComplexError) return error;
    throw error;
  }
}

/**
 * A pool of `size` worker threads that parse documents; the result is the same scan, and the
 * rewrite that follows still skips a second parse (the revisited elements come back with it).
 * Threads start on first use; idle ones do not keep the process alive.
 */
export function htmlScanPool(size = defaultParseThreads(), memory: ResourceLimits = PARSE_THREAD_MEMORY): HtmlScanner {
  if (size < 1) return inThreadScanner;
  const threads: Thread[] = [];
  let nextId = 0;
  let closed = false;
  let broken = false;
  let offThread = 0;
  const start = (): Thread => {
    const worker = startWorkerBeside('html-scan-worker', import.meta.url, { resourceLimits: memory });
    const thread: Thread = { worker, waiting: new Map() };
    worker.unref();
    worker.on('message', (reply: ScanReply) => {
      const task = thread.waiting.get(reply.id);
      if (!task) return;
      thread.waiting.delete(reply.id);
      if (thread.waiting.size === 0) worker.unref();
      offThread++;
      if ('portable' in reply) task.resolve(adoptPortableScan(task.html, reply.portable));
      else if (reply.tooComplex) task.resolve(new HtmlTooComplexError(reply.error));
      else task.reject(new Error(reply.error));
    });
    // A thread that fails (out of memory on a huge page, a missing file) hands its documents back
    // to this thread, and the pool parses here from then on; one closed hands back what it had.
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') broken = true;
      handBack(thread);
    });
    worker.on('exit', () => handBack(thread));
    threads.push(thread);
    return thread;
  };
  const handBack = (thread: Thread): void => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    const tasks = [...thread.waiting.values()];
    thread.waiting.clear();
    for (const task of tasks) inThreadScanner.scan(task.html, task.maxRefs).then(task.resolve, task.reject);
  };
  const pick = (): Thread => {
    if (threads.length < size) return threads.find((t) => t.waiting.size === 0) ?? start();
    return threads.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
  };
  return {
    scan(html, maxRefs) {
      if (closed || broken) return inThreadScanner.scan(html, maxRefs);
      const thread = pick();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        thread.waiting.set(id, { resolve, reject, html, maxRefs });
        thread.worker.ref();
        thread.worker.postMessage({ id, html, maxRefs } satisfies ScanRequest);
      });
    },
    get offThread() {
      return offThread;
    },
    async close() {
      closed = true;
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
