import { Icon, type IconName } from '../../../components/icon';

interface FeatureCardProps {
  icon: IconName;
  title: string;
  text: string;
}

export function FeatureCard({ icon, title, text }: FeatureCardProps) {
  return (
    <li className="card feature-card">
      <span className="feature-card__icon">
        <Icon name={icon} size={22} />
      </span>
      <h3 className="feature-card__title">{title}</h3>
      <p className="feature-card__text">{text}</p>
    </li>
  );
}
