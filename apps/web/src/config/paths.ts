import type { Plan } from '@sitezip/contracts';

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
} as const;

/** The sign-in page, remembering which paid plan the visitor picked. */
export function loginWithPlan(plan: Exclude<Plan, 'free'>): string {
  return `${paths.login}?${new URLSearchParams({ plan }).toString()}`;
}
