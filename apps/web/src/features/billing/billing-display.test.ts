import type { BillingState } from '@sitezip/contracts';
import { describe, expect, it } from 'vitest';
import { periodLine, planTitle } from './billing-display';

const base: BillingState = {
  payments_enabled: true,
  plan: 'monthly',
  status: 'active',
  current_period_end: '2026-12-23T10:00:00.000Z',
  cancel_at_period_end: false,
  payment_failed: false,
  can_manage: true,
};

describe('billing display', () => {
  it('says when a plan renews or ends', () => {
    const date = new Date(base.current_period_end!).toLocaleDateString();
    expect(periodLine(base)).toBe(`Renews on ${date}`);
    expect(periodLine({ ...base, cancel_at_period_end: true })).toBe(`Ends on ${date}`);
  });

  it('says nothing for a free plan or a plan set without Stripe', () => {
    expect(periodLine({ ...base, plan: 'free' })).toBeUndefined();
    expect(periodLine({ ...base, current_period_end: null })).toBeUndefined();
    expect(planTitle('yearly')).toBe('Yearly');
  });
});
