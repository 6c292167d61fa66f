/**
 * A signal that aborts when `parent` does or `ms` have passed, whichever comes first, and that
 * lets go of both once `dispose()` is called. AbortSignal.timeout() and AbortSignal.any() do the
 * same but hold on longer: the timeout's timer stays pending for its whole span after the request
 * is done (thousands at once in a fast crawl), and in Node 20 every signal any() makes stays
 * referenced by its long-lived parent (the capture's) until the parent aborts: about 1 KB a
 * request in the heap snapshots of a 20,000-page crawl.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** The time ran out (rather than the parent aborting). */
  readonly timedOut: boolean;
  dispose(): void;
}

export function deadline(ms: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
  // As AbortSignal.timeout's: a pending deadline alone keeps no process alive.
  timer.unref();
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}
