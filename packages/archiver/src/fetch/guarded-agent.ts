import { Agent as HttpAgent, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';
import { resolveSafely, type AddressPolicy } from './safe-resolve.js';
import type { TlsOptions } from './tls-trust.js';

type Connect = (options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined;

/**
 * Makes `agent` resolve each host itself and connect to the checked IP, so the address guard
 * also holds for IP literals and for every redirect hop (each new origin opens its sockets
 * here). The Host header and TLS SNI keep the original name: the agent set them before.
 */
function guard<A extends HttpAgent>(agent: A, policy: AddressPolicy, tls: TlsOptions = () => ({})): A {
  const connect = agent.createConnection.bind(agent) as Connect;
  const guarded: Connect = (options, callback) => {
    resolveSafely(options.host ?? options.hostname ?? 'localhost', policy).then(
      ({ address }) => {
        let socket: Duplex | null | undefined;
        try {
          socket = connect({ ...options, host: address, ...tls() });
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
export function guardedAgents(policy: AddressPolicy, connections: number, tls: TlsOptions): GuardedAgents {
  const options = { keepAlive: true, keepAliveMsecs: 10_000, maxSockets: connections, maxFreeSockets: connections };
  return { http: guard(new HttpAgent(options), policy), https: guard(new HttpsAgent(options), policy, tls) };
}
