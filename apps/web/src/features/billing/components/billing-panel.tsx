import { PAYMENTS_NOT_SET_UP } from '@sitezip/contracts';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { Icon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { openPortal } from '../api/open-portal';
import { periodLine, planTitle } from '../billing-display';
import { useBilling } from '../hooks/use-billing';
import { useStripeRedirect } from '../hooks/use-stripe-redirect';

/** The dashboard's billing card: plan, renewal or end date, a failed payment, Manage billing. */
export function BillingPanel() {
  const load = useBilling();
  const portal = useStripeRedirect(openPortal);
  if (load.status !== 'ready') return null;
  const { state } = load;
  const period = periodLine(state);
  return (
    <section className="card panel" aria-labelledby="billing-title" data-testid="billing-panel">
      <h2 id="billing-title" className="panel__title">
        Billing
      </h2>
      {state.payment_failed && (
        <p className="notice notice--error" role="alert" data-testid="payment-failed">
          <Icon name="alert" size={18} />
          Your last payment failed. Update your payment method in Manage billing to keep your plan.
        </p>
      )}
      <p>
        <strong data-testid="billing-plan">{planTitle(state.plan)}</strong>
        {period && (
          <span className="panel__text" data-testid="billing-period">
            {' · '}
            {period}
          </span>
        )}
      </p>
      <FormAlert message={portal.error} />
      <div className="panel__actions">
        {state.can_manage && (
          <button type="button" className="button button--secondary" disabled={portal.busy} onClick={() => void portal.go({})}>
            Manage billing
          </button>
        )}
        {state.plan === 'free' && state.payments_enabled && (
          <Link to={paths.plans} className="button button--primary">
            <Icon name="zap" size={18} />
            Choose a plan
          </Link>
        )}
      </div>
      {!state.payments_enabled && state.plan === 'free' && <p className="panel__text">{PAYMENTS_NOT_SET_UP}</p>}
    </section>
  );
}
