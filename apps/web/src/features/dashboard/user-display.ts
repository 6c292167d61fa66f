import { isPremium } from '@sitezip/contracts';
import type { SessionUser } from '../../lib/auth-store';

/** How the dashboard shows the stored user; every field may be missing in an old session. */
export interface UserDisplay {
  name: string;
  email: string;
  initial: string;
  plan: string;
  premium: boolean;
  memberSince: string;
}

export const MISSING = '-';

export function describeUser(user: SessionUser | null): UserDisplay {
  const name = user?.name.trim() ?? '';
  const email = user?.email?.trim() ?? '';
  return {
    name: name || email || 'Your account',
    email: email || MISSING,
    initial: initialOf(name || email),
    plan: planLabel(user?.subscription_status),
    premium: isPremium(user?.subscription_status),
    memberSince: memberSince(user?.created_at),
  };
}

/** The first character (code point) of the name, upper-cased, for the avatar. */
export function initialOf(text: string): string {
  const first = [...text.trim()][0];
  return first ? first.toLocaleUpperCase() : '?';
}

/**
 * The plan is the subscription status as stored, "free" when absent (product spec, section 2).
 * The page capitalises it with CSS, so the text stays the status itself.
 */
export function planLabel(status: string | null | undefined): string {
  return status?.trim() || 'free';
}

/** The account's creation date in the visitor's locale. */
export function memberSince(createdAt: string | undefined): string {
  if (!createdAt) return MISSING;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? MISSING : date.toLocaleDateString();
}
