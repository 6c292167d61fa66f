import { useEffect, useState } from 'react';
import { clearSession, getSession, setSession } from '../../../lib/auth-store';
import { ApiError } from '../../../lib/api-errors';
import { getCurrentUser } from '../api/get-current-user';
import { authErrorMessage } from '../auth-error-message';

/**
 * Asks the server who the token belongs to and stores the fresh user. A 401 means the token is no
 * longer good: the session ends. Any other failure keeps the stored user and returns a message.
 */
export function useCurrentUserRefresh(token: string | undefined): string | undefined {
  const [failure, setFailure] = useState<{ token: string; message: string }>();

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const stillCurrent = () => getSession()?.token === token;
    getCurrentUser(token, controller.signal)
      .then((user) => {
        if (stillCurrent()) setSession(token, user);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          if (stillCurrent()) clearSession();
          return;
        }
        setFailure({ token, message: authErrorMessage(error, 'currentUser') });
      });
    return () => controller.abort();
  }, [token]);

  return failure && failure.token === token ? failure.message : undefined;
}
