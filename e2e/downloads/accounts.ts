import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, registerViaApi, type Session } from '../accounts/session.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The operator command, as the README gives it, against the running test server. */
export function setPlan(email: string, plan: 'free' | 'monthly' | 'yearly'): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/api/src/admin.ts', 'set-plan', email, plan],
      { cwd: root, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, LOG_LEVEL: 'silent' } },
      (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)),
    );
  });
}

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
