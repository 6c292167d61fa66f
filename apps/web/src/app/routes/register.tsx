import { SimplePage } from '../../components/layouts/simple-page';

export function RegisterRoute() {
  return (
    <SimplePage title="Create account">
      <p className="simple-page__text">Accounts are coming soon. Single-page downloads are free and need no account.</p>
    </SimplePage>
  );
}
