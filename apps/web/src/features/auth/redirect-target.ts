import { paths } from '../../config/paths';

/**
 * Where to go after signing in. The dashboard guard remembers the page a signed-out visitor asked
 * for, both in the router's location state and in sessionStorage (so reloading /login keeps it).
 */
export const REDIRECT_KEY = 'auth.redirect';

const PAGES_THAT_LOOP: readonly string[] = [paths.login, paths.register];

/** A same-origin path (with query and hash) that is safe to navigate to, or undefined. */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value, 'http://app.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://app.invalid' || PAGES_THAT_LOOP.includes(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The origin from the router state, else the stored one, else the dashboard. */
export function pickRedirect(locationState: unknown, stored: string | null): string {
  const fromState = typeof locationState === 'object' && locationState !== null && 'from' in locationState
    ? safeRedirectPath(locationState.from)
    : undefined;
  return fromState ?? safeRedirectPath(stored) ?? paths.dashboard;
}

export function rememberRedirect(path: string): void {
  try {
    window.sessionStorage.setItem(REDIRECT_KEY, path);
  } catch {
    // Storage unavailable: the router state still carries the origin.
  }
}

/** Reads the destination after sign-in and forgets the stored one, so it is used once. */
export function takeRedirect(locationState: unknown): string {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(REDIRECT_KEY);
    window.sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Storage unavailable: fall back to the router state or the dashboard.
  }
  return pickRedirect(locationState, stored);
}
