import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

export interface TestUser {
  name: string;
  email: string;
  subscription_status?: string | null;
  created_at: string;
}

export interface SignedInUser {
  token: string;
  user: TestUser;
}

/** The routes of the product; the dashboard, plans and account need a session. */
export const routes = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'register', path: '/register', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'plans', path: '/plans', signedIn: true },
  { name: 'account', path: '/account', signedIn: true },
  { name: 'terms', path: '/terms', signedIn: false },
  { name: 'privacy', path: '/privacy', signedIn: false },
] as const;

export type AppRoute = (typeof routes)[number];

/** Registers a fresh account through the API (unique email each call). */
export async function registerUser(request: APIRequestContext, name = 'Ada Lovelace'): Promise<SignedInUser> {
  const email = `ui-${randomUUID()}@example.com`;
  const response = await request.post('/auth/register', { data: { name, email, password: 'correct-horse-1' } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { access_token: string; user: TestUser };
  return { token: body.access_token, user: body.user };
}

/** Stores the session the way the app does (localStorage `token` and `user` as JSON). */
export async function storeSession(page: Page, session: SignedInUser): Promise<void> {
  await page.goto('/health');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

/**
 * `account`: one registered user per worker, shared by the tests that only need to be signed in
 * (registering hashes a password with scrypt, which is slow on purpose). Tests only ever end the
 * session locally, so sharing is safe.
 */
export const test = base.extend<object, { account: SignedInUser }>({
  account: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
      try {
        await use(await registerUser(request));
      } finally {
        await request.dispose();
      }
    },
    { scope: 'worker' },
  ],
});

/** Opens a route, signing in first when it needs a session, and waits until it has rendered. */
export async function openRoute(page: Page, route: AppRoute, account: SignedInUser): Promise<void> {
  if (route.signedIn) await storeSession(page, account);
  await page.goto(route.path);
  await expect(page.locator('h1').first()).toBeAttached();
  await expect(page).toHaveURL(new RegExp(`${route.path === '/' ? '/$' : route.path}`));
}

/**
 * Holds every POST that starts a download (the request carries the typed URL) until `release`
 * is called, so the form stays in its generating state for as long as a test needs.
 */
export async function holdDownloadRequests(page: Page): Promise<{ release: () => void; started: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  await page.route(
    (url) => url.pathname === '/download' || url.pathname.startsWith('/jobs'),
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      markStarted();
      await released;
      await route.abort().catch(() => undefined);
    },
  );
  return { release, started };
}
