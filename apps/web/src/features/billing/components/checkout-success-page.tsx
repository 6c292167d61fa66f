import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { PageShell } from '../../../components/layouts/page-shell';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { periodLine, planTitle } from '../billing-display';
import { useBilling } from '../hooks/use-billing';

/**
 * Stripe sends the buyer here after paying. The plan changes when Stripe's webhook says the
 * payment went through, which may be a moment after the browser arrives: ask until it has.
 */
export function CheckoutSuccessPage() {
  const load = useBilling({ until: (state) => state.plan !== 'free', attempts: 15 });
  return (
    <PageShell title="Thank you!">
      {load.status === 'loading' && (
        <p className="notice" role="status">
          <Spinner /> Confirming your payment with Stripe…
        </p>
      )}
      {load.status === 'error' && <p className="notice notice--error">{load.message}</p>}
      {load.status === 'ready' && (
        <div className="card panel" role="status" data-testid="checkout-result">
          {load.state.plan === 'free' ? (
            <p className="panel__text">
              Your payment is being confirmed. This can take a minute; your dashboard shows the new plan as soon as
              Stripe confirms it.
            </p>
          ) : (
            <>
              <h2 className="panel__title">
                <Icon name="checkCircle" size={20} /> You are on the {planTitle(load.state.plan)} plan
              </h2>
              <p className="panel__text">{periodLine(load.state) ?? 'Full Website downloads are now unlocked.'}</p>
            </>
          )}
        </div>
      )}
      <div className="panel__actions">
        <Link to={paths.dashboard} className="button button--primary">
          Go to dashboard
        </Link>
      </div>
    </PageShell>
  );
}
