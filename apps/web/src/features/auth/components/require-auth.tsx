import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/use-session';
import { useCurrentUserRefresh } from '../hooks/use-current-user-refresh';
import { rememberRedirect } from '../redirect-target';

/**
 * For /dashboard. A signed-out visitor is sent to /login with this address remembered (router
 * state and sessionStorage) so signing in brings them back. A session that ends here (logout,
 * a 401 from /auth/me, logout in another tab) also leads to /login. While signed in, the stored
 * user is refreshed from the server once.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const signedIn = session !== null;
  const wasSignedIn = useRef(signedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const refreshError = useCurrentUserRefresh(session?.token);

  // Only a change of session decides; the address at that moment is the one to remember.
  useEffect(() => {
    if (signedIn) {
      wasSignedIn.current = true;
      return;
    }
    if (wasSignedIn.current) {
      void navigate(paths.login, { replace: true });
      return;
    }
    const from = `${location.pathname}${location.search}${location.hash}`;
    rememberRedirect(from);
    void navigate(paths.login, { replace: true, state: { from } });
  }, [signedIn]);

  if (!signedIn) return null;
  return (
    <>
      {refreshError && (
        <div className="banner" role="status" data-testid="session-refresh-error">
          <Icon name="alert" size={18} className="banner__icon" />
          <p>
            <strong>Could not refresh your account details.</strong> {refreshError}
          </p>
        </div>
      )}
      {children}
    </>
  );
}
