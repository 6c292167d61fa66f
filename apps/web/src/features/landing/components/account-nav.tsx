import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/auth-store';

/** Signed out: Login and Sign Up. Signed in: Dashboard and Logout, which stays on this page. */
export function AccountNav({ signedIn }: { signedIn: boolean }) {
  return (
    <nav className="account-nav" aria-label="Account">
      {signedIn ? (
        <>
          <Link to={paths.dashboard} className="button button--ghost">
            Dashboard
          </Link>
          <button type="button" className="button button--secondary" onClick={clearSession}>
            Logout
          </button>
        </>
      ) : (
        <>
          <Link to={paths.login} className="button button--ghost">
            Login
          </Link>
          <Link to={paths.register} className="button button--primary">
            Sign Up
          </Link>
        </>
      )}
    </nav>
  );
}
