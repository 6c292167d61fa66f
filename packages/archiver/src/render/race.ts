// A page can hang anything that waits on it (an endless loop blocks every evaluate): every wait
// of the renderer is raced against a signal or a time, and the loser's rejection is swallowed.

/** True when `promise` settles (either way) within `ms`; its outcome is ignored. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  try {
    return await Promise.race([promise.then(yes, yes), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `promise`, unless `signal` aborts first: then rejects with the signal's reason. */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A time-boxed wait: `{ done: false }` when `ms` passed first; rejects only if `signal` aborts. */
export async function within<T>(
  promise: Promise<T>,
  ms: number,
  signal: AbortSignal,
): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, ms), { done: false });
  });
  try {
    return await raceSignal(Promise.race([promise.then((value) => ({ done: true as const, value })), timeout]), signal);
  } finally {
    clearTimeout(timer);
  }
}

function yes(): true {
  return true;
}
