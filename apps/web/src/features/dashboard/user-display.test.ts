import { describe, expect, it } from 'vitest';
import { describeUser, initialOf, memberSince, planLabel } from './user-display';

describe('describeUser', () => {
  it('shows a complete user', () => {
    const created = '2024-03-05T10:00:00Z';
    expect(
      describeUser({ name: ' ada lovelace ', email: 'ada@example.com', subscription_status: 'yearly', created_at: created }),
    ).toEqual({
      name: 'ada lovelace',
      email: 'ada@example.com',
      initial: 'A',
      plan: 'yearly',
      premium: true,
      memberSince: new Date(created).toLocaleDateString(),
    });
  });

  it('copes with a missing or partial user', () => {
    expect(describeUser(null)).toMatchObject({ name: 'Your account', email: '-', initial: '?', plan: 'free', premium: false });
    expect(describeUser({ name: '', email: 'bo@x.io' })).toMatchObject({ name: 'bo@x.io', initial: 'B' });
  });
});

describe('planLabel', () => {
  it('is the subscription status, free when absent', () => {
    expect(planLabel(null)).toBe('free');
    expect(planLabel(undefined)).toBe('free');
    expect(planLabel('  ')).toBe('free');
    expect(planLabel('free')).toBe('free');
    expect(planLabel(' monthly ')).toBe('monthly');
  });
});

describe('initialOf', () => {
  it('takes the first code point', () => {
    expect(initialOf('émile')).toBe('É');
    expect(initialOf('😀 smile')).toBe('😀');
    expect(initialOf('   ')).toBe('?');
  });
});

describe('memberSince', () => {
  it('formats a valid date and dashes anything else', () => {
    expect(memberSince('2023-12-31T23:00:00Z')).toBe(new Date('2023-12-31T23:00:00Z').toLocaleDateString());
    expect(memberSince('not a date')).toBe('-');
    expect(memberSince(undefined)).toBe('-');
  });
});
