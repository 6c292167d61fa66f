import type { Plan } from '@sitezip/contracts';

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  dashboard: '/dashboard',
  /** The plan choice: the pricing section of the landing page. */
  plans: '/#pricing',
} as const;

export type PaidPlan = Exclude<Plan, 'free'>;

/** A page address remembering which paid plan the visitor picked (`?plan=monthly`). */
export function withPlan(path: string, plan: PaidPlan | undefined): string {
  return plan ? `${path}?${new URLSearchParams({ plan }).toString()}` : path;
}

/** The sign-in page, remembering which paid plan the visitor picked. */
export function loginWithPlan(plan: PaidPlan): string {
  return withPlan(paths.login, plan);
}
