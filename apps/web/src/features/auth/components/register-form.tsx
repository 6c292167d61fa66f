import { useState, type FormEvent } from 'react';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../config/paths';
import { register } from '../api/register';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { validateRegister, type RegisterFields } from '../validate-credentials';
import { AuthSubmitButton } from './auth-submit-button';

const empty: RegisterFields = { name: '', email: '', password: '', confirmPassword: '', acceptedTerms: false };

export function RegisterForm() {
  const [fields, setFields] = useState(empty);
  const { submit, submitting, error, showError } = useAuthSubmit(register, 'register');
  const set = <K extends keyof RegisterFields>(key: K) => (value: RegisterFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const problem = validateRegister(fields);
    if (problem) showError(problem);
    else void submit({ name: fields.name.trim(), email: fields.email.trim(), password: fields.password });
  }

  return (
    <form className="auth-form" aria-busy={submitting} onSubmit={handleSubmit}>
      <FormAlert message={error} />
      <TextField
        label="Full Name"
        name="name"
        autoComplete="name"
        placeholder="Ada Lovelace"
        aria-required="true"
        value={fields.name}
        onChange={set('name')}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        aria-required="true"
        value={fields.email}
        onChange={set('email')}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        hint="8 to 100 characters."
        value={fields.password}
        onChange={set('password')}
      />
      <TextField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        value={fields.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <CheckboxField
        name="terms"
        required
        checked={fields.acceptedTerms}
        onChange={(event) => set('acceptedTerms')(event.target.checked)}
      >
        I agree to the{' '}
        <a href={paths.terms} target="_blank" rel="noopener">
          Terms of Service
        </a>{' '}
        and{' '}
        <a href={paths.privacy} target="_blank" rel="noopener">
          Privacy Policy
        </a>
      </CheckboxField>
      <AuthSubmitButton submitting={submitting} label="Create Account" />
    </form>
  );
}
