import { describe, expect, it } from 'vitest';
import { planName, selectedPlan } from './selected-plan';

describe('selectedPlan', () => {
  it('reads monthly or yearly from the query', () => {
    expect(selectedPlan('?plan=monthly')).toBe('monthly');
    expect(selectedPlan('?x=1&plan=yearly')).toBe('yearly');
    expect(selectedPlan('?plan=free')).toBeUndefined();
    expect(selectedPlan('?plan=Monthly')).toBeUndefined();
    expect(selectedPlan('')).toBeUndefined();
    expect(planName('yearly')).toBe('Yearly');
  });
});
