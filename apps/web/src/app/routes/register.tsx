import { GuestOnly } from '../../features/auth/components/guest-only';
import { RegisterPage } from '../../features/auth/components/register-page';

export function RegisterRoute() {
  return (
    <GuestOnly>
      <RegisterPage />
    </GuestOnly>
  );
}
