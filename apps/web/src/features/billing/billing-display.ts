import type { BillingState, Plan } from '@sitezip/contracts';

const NAMES: Record<Plan, string> = { free: 'Free', monthly: 'Monthly', yearly: 'Yearly' };

export function planTitle(plan: Plan): string {
  return NAMES[plan];
}

/** "Renews on 12/23/2026", "Ends on ...", or nothing for a plan without a Stripe period. */
export function periodLine(state: BillingState): string | undefined {
  if (!state.current_period_end || state.plan === 'free') return undefined;
  const date = new Date(state.current_period_end);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${state.cancel_at_period_end ? 'Ends on' : 'Renews on'} ${date.toLocaleDateString()}`;
}
