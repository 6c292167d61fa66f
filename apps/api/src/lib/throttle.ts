/**
 * Calls `fn` at most once per `ms` with the latest value, and always delivers the last value
 * once the interval has passed: a burst is thinned, but the final state is never dropped.
 */
export function throttleLatest<T>(fn: (value: T) => void, ms: number): { push(value: T): void; flush(): void; cancel(): void } {
  let last = 0;
  let pending: { value: T } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deliver = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    last = Date.now();
    fn(value);
  };
  return {
    push(value) {
      pending = { value };
      const wait = last + ms - Date.now();
      if (wait <= 0) deliver();
      else timer ??= setTimeout(deliver, wait);
    },
    flush() {
      clearTimeout(timer);
      deliver();
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
