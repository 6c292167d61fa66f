import { Icon } from '../../../components/icon';

/** Reminds the visitor which paid plan they picked on the pricing section. */
export function PlanNote({ children }: { children: string }) {
  return (
    <p className="plan-note" data-testid="plan-note">
      <Icon name="zap" size={16} />
      {children}
    </p>
  );
}
