import { describe, expect, it } from 'vitest';
import { pickRedirect, safeRedirectPath } from './redirect-target';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard#account', '/dashboard#account'],
    ['/dashboard?tab=1#quick-download', '/dashboard?tab=1#quick-download'],
  ])('keeps %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'dashboard',
    '',
    '/login',
    '/register?plan=monthly',
    null,
    42,
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBeUndefined();
  });
});

describe('pickRedirect', () => {
  it('prefers the router state, then storage, then the dashboard', () => {
    expect(pickRedirect({ from: '/dashboard#account' }, '/dashboard#overview')).toBe('/dashboard#account');
    expect(pickRedirect(null, '/dashboard#overview')).toBe('/dashboard#overview');
    expect(pickRedirect({ from: '//evil.example' }, null)).toBe('/dashboard');
    expect(pickRedirect(undefined, null)).toBe('/dashboard');
  });
});
