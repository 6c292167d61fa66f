import { useCallback, useState } from 'react';
import { useSession } from '../../../lib/use-session';
import { billingErrorMessage } from '../billing-error-message';

/**
 * Asks the API for one of Stripe's pages (checkout, portal) and sends the browser there.
 * `replace` keeps the page that started it out of the history, so Back from Stripe does not
 * start it again.
 */
export function useStripeRedirect<Args extends unknown[]>(request: (token: string, ...args: Args) => Promise<string>) {
  const token = useSession()?.token;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const go = useCallback(
    async (options: { replace?: boolean }, ...args: Args) => {
      if (!token) return;
      setBusy(true);
      setError(undefined);
      try {
        const url = await request(token, ...args);
        if (options.replace) window.location.replace(url);
        else window.location.assign(url);
      } catch (failure) {
        setError(billingErrorMessage(failure));
        setBusy(false);
      }
    },
    [token, request],
  );

  return { go, busy, error };
}
