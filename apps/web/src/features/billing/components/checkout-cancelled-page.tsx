import { Link } from 'react-router';
import { PageShell } from '../../../components/layouts/page-shell';
import { paths } from '../../../config/paths';

/** Stripe sends the buyer here when they leave checkout without paying. */
export function CheckoutCancelledPage() {
  return (
    <PageShell title="Checkout cancelled">
      <p className="panel__text">You have not been charged. Your plan is unchanged.</p>
      <div className="panel__actions">
        <Link to={paths.plans} className="button button--primary">
          Choose a plan
        </Link>
        <Link to={paths.dashboard} className="button button--secondary">
          Go to dashboard
        </Link>
      </div>
    </PageShell>
  );
}
