import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import type { PlanOffer } from '../content/plans';

export function PlanCard({ offer }: { offer: PlanOffer }) {
  const { name, price, period, savings, note, features, action, featured } = offer;
  const actionClass = `button ${featured ? 'button--primary' : 'button--secondary'} plan-card__action`;
  return (
    <li className="card plan-card" data-featured={featured || undefined}>
      <div className="plan-card__header">
        <h3 className="plan-card__name">{name}</h3>
        {savings && <span className="badge badge--savings">{savings}</span>}
      </div>
      <p className="plan-card__price">
        <span className="plan-card__amount">{price}</span>
        {period && <span className="plan-card__period">{period}</span>}
      </p>
      <p className="plan-card__note">{note}</p>
      <ul className="plan-card__features">
        {features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={16} />
            {feature}
          </li>
        ))}
      </ul>
      {action.to.startsWith('#') ? (
        <a href={action.to} className={actionClass}>
          {action.label}
        </a>
      ) : (
        <Link to={action.to} className={actionClass}>
          {action.label}
        </Link>
      )}
    </li>
  );
}
