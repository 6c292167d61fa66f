import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import type { UserDisplay } from '../user-display';
import { DashboardSection } from './dashboard-section';

export function AccountSection({ user }: { user: UserDisplay }) {
  const rows = [
    { label: 'Name', value: user.name, testId: 'account-name' },
    { label: 'Email', value: user.email, testId: 'account-email' },
    { label: 'Plan', value: user.plan, testId: 'account-plan', className: 'plan-name' },
    { label: 'Member Since', value: user.memberSince, testId: 'account-member-since' },
  ];
  return (
    <DashboardSection id="account" title="Account">
      <div className="card account-card">
        <dl className="account-details">
          {rows.map(({ label, value, testId, className }) => (
            <div key={label} className="account-details__row">
              <dt className="account-details__label">{label}</dt>
              <dd className={`account-details__value ${className ?? ''}`.trim()} data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <Link to={paths.account} className="button button--secondary account-card__settings">
          <Icon name="user" size={18} />
          Account settings
        </Link>
        {!user.premium && (
          <div className="upgrade">
            <p className="upgrade__text">
              <strong>Go premium</strong> for Full Website downloads, larger archives and priority processing.
            </p>
            <Link to={paths.plans} className="button button--primary">
              <Icon name="zap" size={18} />
              Upgrade to Premium
            </Link>
          </div>
        )}
      </div>
    </DashboardSection>
  );
}
