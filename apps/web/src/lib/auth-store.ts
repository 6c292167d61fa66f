import type { User } from '@sitezip/contracts';

/**
 * The browser session: `localStorage.token` and `localStorage.user` (JSON). Components read it
 * through useSession; sign-in and sign-out write it here and every subscriber re-renders.
 *
 * The stored user is what an auth call returned, though an entry written by an older version (or
 * by hand) may lack fields, so only the name is relied on.
 */
export type SessionUser = Pick<User, 'name'> & Partial<Omit<User, 'name'>>;

export interface Session {
  token: string;
  user: SessionUser | null;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const listeners = new Set<() => void>();

let cached: { token: string | null; user: string | null; session: Session | null } | undefined;

export function getSession(): Session | null {
  const token = read(TOKEN_KEY);
  const user = read(USER_KEY);
  if (cached?.token !== token || cached.user !== user) {
    cached = { token, user, session: token ? { token, user: parseUser(user) } : null };
  }
  return cached.session;
}

export function setSession(token: string, user: SessionUser): void {
  write(TOKEN_KEY, token);
  write(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  write(TOKEN_KEY, null);
  write(USER_KEY, null);
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string') {
      return value as SessionUser;
    }
  } catch {
    // A damaged entry reads as "no user"; the token alone still counts as signed in.
  }
  return null;
}

// Storage can throw (disabled cookies, private mode quotas); treat that as an empty session.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the in-memory view follows storage, which stays as it was.
  }
}
