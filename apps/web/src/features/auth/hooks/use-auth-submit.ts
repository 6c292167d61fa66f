import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthResponse } from '@sitezip/contracts';
import { getSession, setSession } from '../../../lib/auth-store';
import { ApiError, NetworkError } from '../../../lib/api-errors';
import { authErrorMessage, type AuthCall } from '../auth-error-message';

const storageBlockedMessage = 'Your browser did not let us keep you signed in. Please allow site storage and try again.';

/**
 * Sends a sign-in or registration request and stores the session it returns. Navigation is not
 * done here: the page's signed-in redirect (GuestOnly) takes the user on once the session exists.
 */
export function useAuthSubmit<Request>(
  send: (request: Request, signal: AbortSignal) => Promise<AuthResponse>,
  call: AuthCall,
) {
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const submit = useCallback(
    async (request: Request) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setError(undefined);
      setSubmitting(true);
      try {
        const { access_token, user } = await send(request, controller.signal);
        if (controller.signal.aborted) return;
        setSession(access_token, user);
        if (getSession()?.token === access_token) return; // stays "submitting" until the redirect
        setError(storageBlockedMessage);
      } catch (failure) {
        if (controller.signal.aborted) return;
        if (!(failure instanceof ApiError || failure instanceof NetworkError)) console.error(failure);
        setError(authErrorMessage(failure, call));
      }
      setSubmitting(false);
    },
    [send, call],
  );

  /** Shows a client-side validation message in the same place as server errors. */
  const showError = useCallback((message: string) => setError(message), []);

  return { submit, submitting, error, showError };
}
