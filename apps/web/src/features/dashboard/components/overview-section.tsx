import type { UserDisplay } from '../user-display';
import { DashboardSection } from './dashboard-section';

export function OverviewSection({ user }: { user: UserDisplay }) {
  return (
    <DashboardSection id="overview" title="Overview">
      <ul className="overview-grid">
        <li className="card stat-card" data-testid="overview-plan">
          <h3 className="stat-card__label">Plan</h3>
          <p className="stat-card__value plan-name">{user.plan}</p>
          <p className="stat-card__meta">{user.premium ? 'Full Website downloads included' : 'Single page downloads'}</p>
        </li>
        <li className="card stat-card" data-testid="overview-account">
          <h3 className="stat-card__label">Account</h3>
          <p className="stat-card__value">{user.name}</p>
          <p className="stat-card__meta">{user.email}</p>
        </li>
        <li className="card stat-card" data-testid="overview-status">
          <h3 className="stat-card__label">Status</h3>
          <p className="stat-card__value stat-card__value--status">Active</p>
          <p className="stat-card__meta">Signed in on this browser</p>
        </li>
      </ul>
    </DashboardSection>
  );
}
