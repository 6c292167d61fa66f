import type { BillingState } from '@sitezip/contracts';
import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/use-session';
import { getBilling } from '../api/get-billing';
import { billingErrorMessage } from '../billing-error-message';

export type BillingLoad = { status: 'loading' } | { status: 'ready'; state: BillingState } | { status: 'error'; message: string };

/**
 * The signed-in user's billing state. With `until`, it asks again every few seconds until the
 * state satisfies it or `attempts` run out: after Checkout, Stripe's webhook may arrive after
 * the browser does.
 */
export function useBilling(options: { until?: (state: BillingState) => boolean; attempts?: number } = {}): BillingLoad {
  const token = useSession()?.token;
  const [load, setLoad] = useState<BillingLoad>({ status: 'loading' });
  const { until, attempts = 1 } = options;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const ask = (left: number) => {
      getBilling(token, controller.signal)
        .then((state) => {
          if (until && !until(state) && left > 1) timer = window.setTimeout(() => ask(left - 1), 2000);
          else setLoad({ status: 'ready', state });
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setLoad({ status: 'error', message: billingErrorMessage(error) });
        });
    };
    ask(attempts);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
    // `until` is a condition read at each answer, not a reason to start over.
  }, [token, attempts]);

  return load;
}
