import { Spinner } from '../../../components/spinner';

/** The form's main button. Its label never changes, so it keeps its accessible name while busy. */
export function AuthSubmitButton({ submitting, label }: { submitting: boolean; label: string }) {
  return (
    <button type="submit" className="button button--primary button--large auth-form__submit" disabled={submitting}>
      {submitting && <Spinner />}
      {label}
    </button>
  );
}
