import { isPremium, PAYMENTS_NOT_SET_UP, type PaidPlan } from '@sitezip/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { Icon } from '../../../components/icon';
import { PageShell } from '../../../components/layouts/page-shell';
import { Spinner } from '../../../components/spinner';
import { useAppConfig } from '../../../lib/app-config';
import { useSession } from '../../../lib/use-session';
import { openPortal } from '../api/open-portal';
import { startCheckout } from '../api/start-checkout';
import { useStripeRedirect } from '../hooks/use-stripe-redirect';
import { planChoices } from '../plan-offers';

function requestedPlan(search: string): PaidPlan | undefined {
  const plan = new URLSearchParams(search).get('plan');
  return plan === 'monthly' || plan === 'yearly' ? plan : undefined;
}

/**
 * /plans: choose Monthly or Yearly and go to Stripe's checkout. Arriving with `?plan=` (the
 * plan picked on the pricing section, kept through sign-in) goes to checkout at once.
 */
export function PlansPage() {
  const preselected = requestedPlan(useLocation().search);
  const config = useAppConfig();
  const premium = isPremium(useSession()?.user?.subscription_status);
  const checkout = useStripeRedirect(startCheckout);
  const portal = useStripeRedirect(openPortal);
  const started = useRef(false);
  const { go } = checkout;

  useEffect(() => {
    if (!preselected || started.current) return;
    started.current = true;
    void go({ replace: true }, preselected);
  }, [preselected, go]);

  const paymentsOff = config?.payments_enabled === false;
  const busy = checkout.busy || portal.busy;
  return (
    <PageShell title="Choose your plan" lead="Full Website downloads, larger archives and priority processing. Cancel anytime.">
      {checkout.busy && (
        <p className="notice" role="status">
          <Spinner /> Taking you to secure checkout…
        </p>
      )}
      <FormAlert message={checkout.error ?? portal.error} />
      {paymentsOff && (
        <p className="notice" data-testid="payments-off">
          <Icon name="alert" size={18} />
          {PAYMENTS_NOT_SET_UP}
        </p>
      )}
      {premium && (
        <div className="card panel">
          <p className="panel__text">You already have a premium plan. Change or cancel it in billing.</p>
          <div className="panel__actions">
            <button type="button" className="button button--primary" disabled={busy || paymentsOff} onClick={() => void portal.go({})}>
              Manage billing
            </button>
          </div>
        </div>
      )}
      <ul className="plan-choices">
        {planChoices.map((choice) => (
          <li key={choice.plan} className="card plan-choice">
            <h2 className="plan-choice__name">
              {choice.name}
              {choice.savings && <span className="badge badge--savings">{choice.savings}</span>}
            </h2>
            <p className="plan-choice__price">
              {choice.price}
              <small>{choice.period}</small>
            </p>
            <ul className="plan-choice__features">
              {choice.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || paymentsOff || premium}
              onClick={() => void checkout.go({}, choice.plan)}
            >
              {paymentsOff ? 'Payments are not set up' : `Choose ${choice.name}`}
            </button>
          </li>
        ))}
      </ul>
      <p className="panel__text">
        <Icon name="shield" size={16} /> Payments are handled by Stripe. 7-day money-back guarantee.
      </p>
    </PageShell>
  );
}
