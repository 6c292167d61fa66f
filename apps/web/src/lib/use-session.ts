import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './auth-store';

/** The current session (null when signed out), kept in step with storage. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
