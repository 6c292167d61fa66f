import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { setSession, type Session } from '../../../lib/auth-store';
import { updateName } from '../api/update-name';
import { useAccountSubmit } from '../use-account-submit';

export function NameForm({ session }: { session: Session }) {
  const [name, setName] = useState(session.user?.name ?? '');
  const { state, run, fail } = useAccountSubmit();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') return fail('Please enter your name');
    void run(async () => setSession(session.token, await updateName(session.token, name.trim())));
  }

  return (
    <form className="card panel" aria-labelledby="name-title" aria-busy={state.status === 'busy'} onSubmit={handleSubmit}>
      <h2 id="name-title" className="panel__title">
        Name
      </h2>
      <FormAlert message={state.status === 'error' ? state.message : undefined} />
      <TextField label="Full Name" name="name" autoComplete="name" maxLength={100} value={name} onChange={setName} />
      <div className="panel__actions">
        <button type="submit" className="button button--primary" disabled={state.status === 'busy'}>
          Save name
        </button>
        {state.status === 'done' && (
          <p className="form-status" role="status">
            Your name was saved.
          </p>
        )}
      </div>
    </form>
  );
}
