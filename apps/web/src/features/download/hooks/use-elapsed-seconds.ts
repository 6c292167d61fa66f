import { useEffect, useState } from 'react';

/** Whole seconds since `since` (a Date.now() value), updated on each new second. */
export function useElapsedSeconds(since: number): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      // Wake just after the next whole second since `since`, so the count never skips or lags.
      timer = setTimeout(tick, 1000 - ((current - since) % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [since]);

  return Math.max(0, Math.floor((now - since) / 1000));
}
