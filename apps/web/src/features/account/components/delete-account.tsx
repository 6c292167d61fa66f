import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/auth-store';
import { deleteAccount } from '../api/delete-account';
import { useAccountSubmit } from '../use-account-submit';

/** Deleting asks first, and for the password: it cannot be undone. */
export function DeleteAccount({ token, premium }: { token: string; premium: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const { state, run, fail } = useAccountSubmit();
  const navigate = useNavigate();
  const deleted = useRef(false);

  // The session ends once this page is gone: ending it here would make the page's guard send
  // the user to /login instead of home.
  useEffect(
    () => () => {
      if (deleted.current) clearSession();
    },
    [],
  );

  function confirm() {
    if (state.status === 'busy') return;
    if (!password) return fail('Please enter your password');
    void run(async () => {
      await deleteAccount(token, password);
      deleted.current = true;
      await navigate(paths.home, { replace: true });
    });
  }

  return (
    <section className="card panel panel--danger" aria-labelledby="delete-title">
      <h2 id="delete-title" className="panel__title">
        Delete account
      </h2>
      <p className="panel__text">
        Deletes your account and your downloads.{premium && ' Your subscription is cancelled and you will not be charged again.'}
      </p>
      <div className="panel__actions">
        <button type="button" className="button button--danger" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
          Delete account
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete your account?"
          confirmLabel="Yes, delete my account"
          onConfirm={confirm}
          onCancel={() => {
            setConfirming(false);
            setPassword('');
          }}
        >
          <p>This cannot be undone.{premium && ' Your subscription is cancelled now.'}</p>
          <FormAlert message={state.status === 'error' ? state.message : undefined} />
          <TextField label="Your password" name="delete-password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
        </ConfirmDialog>
      )}
    </section>
  );
}
