import { useEffect, useState } from 'react';
import { getHealth } from '../api/get-health';

const TIMEOUT_MS = 8000;

export type ApiStatus = 'checking' | 'reachable' | 'unreachable';

/**
 * Probes GET /health on the API base once: `unreachable` when it fails, times out, or answers
 * with something other than JSON (a static host's SPA fallback is not an API).
 */
export function useApiStatus(): ApiStatus {
  const [status, setStatus] = useState<ApiStatus>('checking');

  useEffect(() => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = window.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, TIMEOUT_MS);
    getHealth(controller.signal)
      .then((healthy) => setStatus(healthy ? 'reachable' : 'unreachable'))
      .catch(() => {
        if (!controller.signal.aborted || timedOut) setStatus('unreachable');
      })
      .finally(() => window.clearTimeout(timer));
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, []);

  return status;
}
