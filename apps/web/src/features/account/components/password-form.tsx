import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from '@sitezip/contracts';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { changePassword } from '../api/change-password';
import { useAccountSubmit } from '../use-account-submit';

const empty = { current: '', next: '', confirm: '' };

/** The same rules as registration, checked here first and again by the server. */
function problem(fields: typeof empty): string | undefined {
  if (!fields.current || !fields.next || !fields.confirm) return 'Please fill in all fields';
  if (fields.next !== fields.confirm) return 'Passwords do not match';
  if (passwordLength(fields.next) < PASSWORD_MIN) return 'Password must be at least 8 characters long';
  if (passwordLength(fields.next) > PASSWORD_MAX) return 'Password must be less than 100 characters long';
  return undefined;
}

export function PasswordForm({ token }: { token: string }) {
  const [fields, setFields] = useState(empty);
  const { state, run, fail } = useAccountSubmit();
  const set = (key: keyof typeof empty) => (value: string) => setFields((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = problem(fields);
    if (message) return fail(message);
    void run(async () => {
      await changePassword(token, { current_password: fields.current, new_password: fields.next });
      setFields(empty);
    });
  }

  return (
    <form className="card panel" aria-labelledby="password-title" aria-busy={state.status === 'busy'} onSubmit={handleSubmit}>
      <h2 id="password-title" className="panel__title">
        Password
      </h2>
      <FormAlert message={state.status === 'error' ? state.message : undefined} />
      <TextField label="Current password" name="current-password" type="password" autoComplete="current-password" value={fields.current} onChange={set('current')} />
      <TextField label="New password" name="new-password" type="password" autoComplete="new-password" hint="8 to 100 characters." value={fields.next} onChange={set('next')} />
      <TextField label="Confirm new password" name="confirm-password" type="password" autoComplete="new-password" value={fields.confirm} onChange={set('confirm')} />
      <div className="panel__actions">
        <button type="submit" className="button button--primary" disabled={state.status === 'busy'}>
          Change password
        </button>
        {state.status === 'done' && (
          <p className="form-status" role="status">
            Your password was changed.
          </p>
        )}
      </div>
    </form>
  );
}
