import { GuestOnly } from '../../features/auth/components/guest-only';
import { LoginPage } from '../../features/auth/components/login-page';

export function LoginRoute() {
  return (
    <GuestOnly>
      <LoginPage />
    </GuestOnly>
  );
}
