import type { Worker } from 'node:worker_threads';
import { trace } from '../trace.js';
import { startWorkerBeside } from '../worker-file.js';
import { mayReadAddress, readLocationThroughLayer } from './location-reads.js';
import { patchRuntime } from './runtime-patches.js';

// A live copy's scripts read the page's address through the replay layer (location-reads.ts),
// which takes a parse of each script (meriyah): 0.3 to 0.5 s for a 0.3 MB bundle while the parser's own
// code is still cold, as it is in every capture, after the page settled and before its copies
// can be checked. So each script the browser receives during the render is rewritten at once in
// a thread of its own, while the page loads and settles, and the copy takes the result.

/** The script as a live copy saves it: a module with its runtime patches; address reads through the layer. */
export function liveScriptCode(code: string, module: boolean): string {
  return readLocationThroughLayer(module ? patchRuntime(code) : code, module);
}

export interface LiveScriptRequest {
  id: number;
  code: string;
  module: boolean;
}

export type LiveScriptReply = { id: number; code: string } | { id: number; error: string };

/** Below this, a script is rewritten when the copy asks (a few ms): not worth a message. */
const WORTH_A_THREAD = 16 * 1024;
/**
 * Results no copy took (a page saved as its snapshot, a mirror's script saved already) are let
 * go past this many characters, or this age; and no more than this waits for the thread (a page
 * loading thousands of large scripts has the rest rewritten when its copy asks).
 */
const MAX_PREPARED_CHARS = 16 * 1024 * 1024;
const MAX_PREPARED_MS = 120_000;
// The parser's tree is 10 to 15 times the text: room for the largest script parsed (5 M characters).
const THREAD_MEMORY = { maxOldGenerationSizeMb: 384 };

const prepared = new Map<string, { chars: number; at: number; code: Promise<string> }>();
let preparedChars = 0;
let thread: { worker: Worker; waiting: Map<number, (reply: LiveScriptReply) => void> } | undefined;
let nextId = 0;
let offThreadCount = 0;
/** Characters sent to the thread and not answered yet. */
let waitingChars = 0;
/** A thread that could not start or failed otherwise than out of memory: scripts are rewritten where asked from then on. */
let broken = false;

const keyOf = (code: string, module: boolean): string => (module ? 'm' : 's') + code;

/** Starts rewriting a script the browser received, for its live copy to take (liveScript). */
export function prepareLiveScript(code: string, module: boolean): void {
  if (broken || code.length < WORTH_A_THREAD || waitingChars + code.length > MAX_PREPARED_CHARS || !mayReadAddress(code)) return;
  const key = keyOf(code, module);
  if (prepared.has(key)) return;
  const now = performance.now();
  for (const [oldest, entry] of prepared) {
    if (preparedChars + code.length <= MAX_PREPARED_CHARS && now - entry.at <= MAX_PREPARED_MS) break;
    prepared.delete(oldest);
    preparedChars -= entry.chars;
  }
  trace(`live script: preparing ${code.length} chars ${module ? 'module' : 'classic'}`);
  preparedChars += code.length;
  prepared.set(key, { chars: code.length, at: now, code: offThread(code, module).catch(() => liveScriptCode(code, module)) });
}

/** The script as a live copy saves it: prepared during the render when it was, else rewritten now. */
export async function liveScript(code: string, module: boolean): Promise<string> {
  const key = keyOf(code, module);
  const entry = prepared.get(key);
  trace(`live script: ${code.length} chars ${module ? 'module' : 'classic'} ${entry ? 'prepared' : 'rewritten now'}`);
  if (!entry) return liveScriptCode(code, module);
  prepared.delete(key);
  preparedChars -= entry.chars;
  return entry.code;
}

/** Scripts the thread rewrote so far in this process. */
export function scriptsRewrittenOffThread(): number {
  return offThreadCount;
}

function offThread(code: string, module: boolean): Promise<string> {
  const { worker, waiting } = (thread ??= startThread());
  const id = nextId++;
  waitingChars += code.length;
  return new Promise((resolve, reject) => {
    waiting.set(id, (reply) => {
      waitingChars -= code.length;
      if ('code' in reply) resolve(reply.code);
      else reject(new Error(reply.error));
    });
    worker.ref();
    worker.postMessage({ id, code, module } satisfies LiveScriptRequest);
  });
}

// One thread for the process, started on first use; idle, it does not keep the process alive.
// One that fails (out of memory) hands its scripts back, rewritten where they are asked for.
function startThread(): NonNullable<typeof thread> {
  const worker = startWorkerBeside('live-script-worker', import.meta.url, { resourceLimits: THREAD_MEMORY });
  const started = { worker, waiting: new Map<number, (reply: LiveScriptReply) => void>() };
  worker.unref();
  worker.on('message', (reply: LiveScriptReply) => {
    if ('code' in reply) offThreadCount++;
    started.waiting.get(reply.id)?.(reply);
    started.waiting.delete(reply.id);
    if (started.waiting.size === 0) worker.unref();
  });
  const handBack = (): void => {
    if (thread === started) thread = undefined;
    for (const [id, settle] of started.waiting) settle({ id, error: 'the thread stopped' });
    started.waiting.clear();
  };
  worker.on('error', (error: Error & { code?: string }) => {
    if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') broken = true;
    handBack();
  });
  worker.on('exit', handBack);
  return started;
}
