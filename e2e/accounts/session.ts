import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'correct-horse-battery';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export interface Session {
  token: string;
  user: { name: string; email: string };
}

/** A fresh account each call: the server keeps one account per email for the whole run. */
export function newAccount(name = 'Ada Lovelace'): Account {
  return { name, email: `acct-${randomUUID()}@example.com`, password: PASSWORD };
}

/** Registers through the API (no UI), for tests about what happens once an account exists. */
export async function registerViaApi(request: APIRequestContext, account = newAccount()): Promise<Session> {
  const response = await request.post('/auth/register', {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { access_token: string; user: Session['user'] };
  return { token: body.access_token, user: body.user };
}

/** Writes a session the way the app stores it (localStorage `token`, and `user` as JSON). */
export async function storeSession(page: Page, session: { token: string; user: unknown }): Promise<void> {
  await page.goto('/health');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

export async function storedSession(page: Page): Promise<{ token: string | null; user: string | null }> {
  return page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
}
