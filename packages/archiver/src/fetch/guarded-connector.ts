import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import { ArchiveError } from '../errors.js';
import { isBlockedAddress } from './address-guard.js';

export interface ResolvedHost {
  address: string;
  family: number;
}

export type HostResolver = (hostname: string) => Promise<ResolvedHost[]>;

/** How names are resolved and which addresses are refused; tests replace parts of it. */
export interface AddressPolicy {
  allowPrivate: boolean;
  resolve?: HostResolver;
  isBlocked?: (address: string) => boolean;
}

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Picks the address to connect to for `hostname`, refusing names that resolve to any
 * blocked address (a name with one public and one private address is refused: the
 * attacker chooses which one a retry gets).
 */
export async function resolveSafely(hostname: string, policy: AddressPolicy): Promise<ResolvedHost> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await resolveName(bare, policy.resolve ?? systemResolver);
  if (!policy.allowPrivate) {
    const isBlocked = policy.isBlocked ?? isBlockedAddress;
    const blocked = addresses.find((a) => isBlocked(a.address));
    if (blocked) {
      throw new ArchiveError(
        'FORBIDDEN_ADDRESS',
        `Refusing to connect to ${bare}: it resolves to a private or reserved address (${blocked.address}).`,
      );
    }
  }
  const first = addresses[0];
  if (!first) throw notFound(bare);
  return first;
}

async function resolveName(hostname: string, resolve: HostResolver): Promise<ResolvedHost[]> {
  try {
    return await resolve(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'EAI_NONAME') throw notFound(hostname, error);
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

/**
 * An undici connector that resolves the host itself and connects to the checked IP, so the
 * address guard also holds for IP literals and for every redirect hop (each new origin
 * connects through here). SNI and the Host header keep the original name.
 */
export function guardedConnector(policy: AddressPolicy, timeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs, keepAlive: true });
  return (options, callback) => {
    resolveSafely(options.hostname, policy).then(
      ({ address }) => {
        const name = options.hostname.replace(/^\[|\]$/g, '');
        const servername = options.servername ?? (isIP(name) ? undefined : name);
        connect({ ...options, hostname: address, ...(servername ? { servername } : {}) }, callback);
      },
      (error: Error) => callback(error, null),
    );
  };
}
