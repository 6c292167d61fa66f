import { useEffect, useState } from 'react';
import { env } from '../../../config/env';
import { getHealth } from '../api/get-health';

const TIMEOUT_MS = 8000;

/**
 * True when no API base was configured at build time and the page's own origin does not answer
 * /health either. A configured base is trusted and never probed.
 */
export function useApiUnreachable(): boolean {
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    if (env.apiBaseConfigured) return;
    const controller = new AbortController();
    let timedOut = false;
    const timer = window.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, TIMEOUT_MS);
    getHealth(controller.signal)
      .then((healthy) => setUnreachable(!healthy))
      .catch(() => {
        if (!controller.signal.aborted || timedOut) setUnreachable(true);
      })
      .finally(() => window.clearTimeout(timer));
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, []);

  return unreachable;
}
