import { useState, type FormEvent, type MouseEvent } from 'react';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { login } from '../api/login';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { PASSWORD_MAX, validateLogin } from '../validate-credentials';
import { AuthSubmitButton } from './auth-submit-button';

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, submitting, error, showError } = useAuthSubmit(login, 'login');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const problem = validateLogin({ email, password });
    if (problem) showError(problem);
    else void submit({ email: email.trim(), password });
  }

  return (
    <form className="auth-form" aria-busy={submitting} onSubmit={handleSubmit}>
      <FormAlert message={error} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        aria-required="true"
        value={email}
        onChange={setEmail}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        aria-required="true"
        value={password}
        onChange={setPassword}
      />
      <div className="auth-form__row">
        {/* Shown as in the product; the session is kept in localStorage either way. */}
        <CheckboxField name="remember">Remember me</CheckboxField>
        <a href="#" className="auth-form__link" onClick={(event: MouseEvent) => event.preventDefault()}>
          Forgot password?
        </a>
      </div>
      <AuthSubmitButton submitting={submitting} label="Sign In" />
    </form>
  );
}
