import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, registerViaApi, type Session } from '../accounts/session.js';
import { setPlan } from '../support/set-plan.js';

/** A new account on `plan`, signed in on `page` (the session as the app stores it). */
export async function signInAs(page: Page, request: APIRequestContext, plan: 'free' | 'monthly' | 'yearly'): Promise<Session> {
  const account = newAccount();
  const session = await registerViaApi(request, account);
  if (plan !== 'free') expect(await setPlan(account.email, plan)).toContain(`\t${plan}\t`);
  const user = { ...session.user, subscription_status: plan };
  await page.addInitScript(
    ([token, stored]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', stored);
      }
    },
    [session.token, JSON.stringify(user)] as const,
  );
  return { ...session, user };
}
