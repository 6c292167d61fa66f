import { Icon } from '../../../components/icon';
import { useAppConfig } from '../../../lib/app-config';
import { planOffers } from '../content/plans';
import { PlanCard } from './plan-card';
import { SectionHeading } from './section-heading';

export function PricingSection() {
  const supportEmail = useAppConfig()?.support_email;
  return (
    <section id="pricing" className="section section--tinted" aria-labelledby="pricing-title">
      <div className="container">
        <SectionHeading
          id="pricing-title"
          title="Simple pricing"
          lead="Single pages are free. Go premium to capture whole websites."
        />
        <ul className="plan-grid">
          {planOffers.map((offer) => (
            <PlanCard key={offer.plan} offer={offer} />
          ))}
        </ul>
        <p className="pricing__guarantee">
          <Icon name="shield" size={18} />
          <span>
            <strong>7-day money-back guarantee</strong> · Cancel anytime
          </span>
        </p>
        {supportEmail && (
          <p className="pricing__guarantee" data-testid="pricing-support">
            <Icon name="user" size={18} />
            <span>
              Email support for Monthly and Yearly: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </span>
          </p>
        )}
      </div>
    </section>
  );
}
