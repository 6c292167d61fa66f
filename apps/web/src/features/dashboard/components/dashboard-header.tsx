import { Logo } from '../../../components/logo';
import type { UserDisplay } from '../user-display';
import { LogoutButton } from './logout-button';

export function DashboardHeader({ user }: { user: UserDisplay }) {
  return (
    <header className="dashboard-header">
      <div className="container dashboard-header__inner">
        <Logo />
        <div className="user-summary">
          <span className="avatar" aria-hidden="true" data-testid="user-avatar">
            {user.initial}
          </span>
          <div className="user-summary__text">
            <p className="user-summary__name" data-testid="user-name">
              {user.name}
            </p>
            <p className="user-summary__email" data-testid="user-email">
              {user.email}
            </p>
          </div>
        </div>
        <LogoutButton />
      </div>
    </header>
  );
}
