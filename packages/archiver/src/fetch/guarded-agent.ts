import { lookup } from 'node:dns/promises';
import { Agent as HttpAgent, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
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

type Connect = (options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined;

/**
 * Makes `agent` resolve each host itself and connect to the checked IP, so the address guard
 * also holds for IP literals and for every redirect hop (each new origin opens its sockets
 * here). The Host header and TLS SNI keep the original name: the agent set them before.
 */
function guard<A extends HttpAgent>(agent: A, policy: AddressPolicy): A {
  const connect = agent.createConnection.bind(agent) as Connect;
  const guarded: Connect = (options, callback) => {
    resolveSafely(options.host ?? options.hostname ?? 'localhost', policy).then(
      ({ address }) => {
        let socket: Duplex | null | undefined;
        try {
          socket = connect({ ...options, host: address });
        } catch (error) {
          return callback?.(error as Error, undefined as never);
        }
        if (socket) callback?.(null, socket);
      },
      (error: Error) => callback?.(error, undefined as never),
    );
    return undefined;
  };
  agent.createConnection = guarded;
  return agent;
}

export interface GuardedAgents {
  http: HttpAgent;
  https: HttpsAgent;
}

/** Keep-alive agents, one pool of `connections` sockets per origin, that connect only to allowed addresses. */
export function guardedAgents(policy: AddressPolicy, connections: number, ca?: string | Buffer): GuardedAgents {
  const options = { keepAlive: true, keepAliveMsecs: 10_000, maxSockets: connections, maxFreeSockets: connections };
  return { http: guard(new HttpAgent(options), policy), https: guard(new HttpsAgent({ ...options, ...(ca ? { ca } : {}) }), policy) };
}
