import { describe, expect, it } from 'vitest';
import { isPremium, planOf } from './plans.js';

describe('plans', () => {
  it('treats only monthly and yearly as premium', () => {
    expect(isPremium('monthly')).toBe(true);
    expect(isPremium('yearly')).toBe(true);
    expect(isPremium('free')).toBe(false);
    expect(isPremium(null)).toBe(false);
    expect(isPremium('Monthly')).toBe(false);
    expect(planOf(undefined)).toBe('free');
  });
});
