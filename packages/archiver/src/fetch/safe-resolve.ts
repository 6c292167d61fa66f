import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ArchiveError } from '../errors.js';
import { isAlwaysBlockedAddress, isBlockedAddress } from './address-guard.js';
import { specialUseName } from './special-names.js';

export interface ResolvedHost {
  address: string;
  family: number;
}

export type HostResolver = (hostname: string) => Promise<ResolvedHost[]>;

/**
 * How names are resolved and which addresses are refused; tests replace parts of it.
 * `isBlocked` replaces the private-address check only: cloud metadata and link-local
 * addresses, and special-use names, are refused whatever the policy says.
 */
export interface AddressPolicy {
  allowPrivate: boolean;
  resolve?: HostResolver;
  isBlocked?: (address: string) => boolean;
}

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** How long a capture keeps a name's answer (a browser keeps its own about as long). */
const REMEMBER_MS = 60_000;
/** Names remembered at once, at most: past it, the oldest answer goes. */
const REMEMBER_NAMES = 1_000;
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME']);

/**
 * `resolve` asked once per name for a while: a page's 97 badges from a host that does not
 * resolve each looked it up, and the system resolver, asked 20 names at once, answered in 5 s.
 * Answers and "no such name" are kept; a failure that may pass (a timeout) is not. Every use of
 * an answer is still checked against the policy (resolveSafely), and a kept answer is also what
 * defeats a name that would change its address between two connections.
 */
export function rememberingResolver(resolve: HostResolver = systemResolver, now: () => number = Date.now): HostResolver {
  const answers = new Map<string, { at: number; answer: Promise<ResolvedHost[]> }>();
  return (hostname) => {
    const kept = answers.get(hostname);
    if (kept && now() - kept.at < REMEMBER_MS) return kept.answer;
    answers.delete(hostname);
    if (answers.size >= REMEMBER_NAMES) answers.delete(answers.keys().next().value!);
    const answer = resolve(hostname);
    answers.set(hostname, { at: now(), answer });
    answer.catch((error: NodeJS.ErrnoException) => {
      if (!NO_SUCH_NAME.has(error.code ?? '') && answers.get(hostname)?.answer === answer) answers.delete(hostname);
    });
    return answer;
  };
}

/**
 * Picks the address to connect to for `hostname`. Special-use names are refused before any
 * lookup; a name that resolves to any blocked address is refused (with one public and one
 * private address, the attacker chooses which one a retry gets).
 */
export async function resolveSafely(hostname: string, policy: AddressPolicy): Promise<ResolvedHost> {
  const bare = canonicalHost(hostname);
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await resolveName(lookupName(bare, policy), policy.resolve ?? systemResolver);
  const blocked = addresses.find((a) => refuses(policy, a.address));
  if (blocked) {
    const never = policy.allowPrivate ? '; link-local and cloud metadata addresses are never allowed' : '';
    throw new ArchiveError(
      'FORBIDDEN_ADDRESS',
      `Refusing to connect to ${bare}: it resolves to a private or reserved address (${blocked.address})${never}.`,
    );
  }
  const first = addresses[0];
  if (!first) throw notFound(bare);
  return first;
}

/**
 * The host as the WHATWG URL parser writes it, for callers that hand over a host not taken
 * from a URL: numeric IPv4 spellings (`2852039166`, `0xa9.0xfe.0xa9.0xfe`) become the dotted
 * quad a resolver would turn them into, names lose case and percent-escapes.
 */
function canonicalHost(hostname: string): string {
  const bare = hostname.replace(/^\[(.*)\]$/s, '$1');
  if (isIP(bare) || !/^[^:/?#@[\]\\\s]+$/.test(bare)) return bare;
  try {
    return new URL(`http://${bare}/`).hostname;
  } catch {
    return bare;
  }
}

function refuses(policy: AddressPolicy, address: string): boolean {
  if (isAlwaysBlockedAddress(address)) return true;
  return !policy.allowPrivate && (policy.isBlocked ?? isBlockedAddress)(address);
}

/** The name to look up for `hostname`, or FORBIDDEN_ADDRESS for a special-use name the policy refuses. */
function lookupName(hostname: string, policy: AddressPolicy): string {
  const special = specialUseName(hostname);
  if (!special) return hostname;
  if (special.kind === 'never' || !policy.allowPrivate) {
    throw new ArchiveError('FORBIDDEN_ADDRESS', `Refusing to connect to ${hostname}: it is a private or reserved name (${special.reason}).`);
  }
  // RFC 6761: every localhost name means this computer; DNS is never asked about one.
  return special.kind === 'loopback' ? 'localhost' : hostname;
}

async function resolveName(hostname: string, resolve: HostResolver): Promise<ResolvedHost[]> {
  try {
    return await resolve(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (NO_SUCH_NAME.has(code ?? '')) throw notFound(hostname, error);
    throw new ArchiveError('NETWORK', `Could not resolve ${hostname} (${code ?? 'DNS error'}).`, {
      retryable: true,
      cause: error,
    });
  }
}

function notFound(hostname: string, cause?: unknown): ArchiveError {
  return new ArchiveError(
    'NOT_FOUND',
    `Website not found: ${hostname} does not exist. Check that the address is spelled correctly.`,
    { cause },
  );
}
