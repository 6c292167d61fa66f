import type { PaidPlan } from '../../config/paths';

/** The paid plan picked on the pricing section (`?plan=monthly|yearly`), if any. */
export function selectedPlan(search: string): PaidPlan | undefined {
  const plan = new URLSearchParams(search).get('plan');
  return plan === 'monthly' || plan === 'yearly' ? plan : undefined;
}

export function planName(plan: PaidPlan): string {
  return plan === 'monthly' ? 'Monthly' : 'Yearly';
}
