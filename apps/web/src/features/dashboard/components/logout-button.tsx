import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/auth-store';

/** Logout asks first; confirming ends the local session and goes to the sign-in page. */
export function LogoutButton() {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();

  function logout() {
    clearSession();
    void navigate(paths.login, { replace: true });
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary logout-button"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        <Icon name="logout" size={18} />
        Logout
      </button>
      {confirming && (
        <ConfirmDialog
          title="Confirm Logout"
          confirmLabel="Yes, Logout"
          onConfirm={logout}
          onCancel={() => setConfirming(false)}
        >
          <p>Are you sure you want to log out? You will need to sign in again to use your dashboard.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
