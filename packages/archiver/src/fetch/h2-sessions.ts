import { connect as connectH2, type ClientHttp2Session } from 'node:http2';
import { isIP } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { ArchiveError } from '../errors.js';
import { resolveSafely, type AddressPolicy } from './safe-resolve.js';
import type { TlsOptions } from './tls-trust.js';

// An idle session is closed after this long; the next request negotiates again.
const IDLE_MS = 10_000;

/**
 * HTTP/2 sessions of https origins, as browsers use them: one connection carrying many
 * requests at once, instead of dozens of connections. The first request to an origin
 * negotiates by ALPN; an origin that answers http/1.1 is remembered and left to the HTTP/1.1
 * agents. Connections go through the same address guard as the agents'.
 */
export class H2Sessions {
  private readonly origins = new Map<string, Promise<ClientHttp2Session | undefined>>();
  /** Sessions the server asked to end (GOAWAY): their open streams finish, new ones go elsewhere. */
  private readonly leaving = new WeakSet<ClientHttp2Session>();

  constructor(
    private readonly policy: AddressPolicy,
    private readonly timeoutMs: number,
    private readonly tls: TlsOptions,
  ) {}

  /** The origin's open session, or undefined when the origin speaks only HTTP/1.1. */
  async sessionFor(target: URL): Promise<ClientHttp2Session | undefined> {
    const origin = target.origin;
    const known = this.origins.get(origin);
    if (known) {
      const session = await known;
      if (!session || (!session.closed && !session.destroyed && !this.leaving.has(session))) return session;
      if (this.origins.get(origin) === known) this.origins.delete(origin);
      return this.sessionFor(target);
    }
    const opening = this.open(target);
    this.origins.set(origin, opening);
    // A failed negotiation is not remembered: the retry of the request negotiates again.
    opening.catch(() => {
      if (this.origins.get(origin) === opening) this.origins.delete(origin);
    });
    return opening;
  }

  /** The origin asked for HTTP/1.1 (HTTP_1_1_REQUIRED): from now on it gets the agents. */
  useHttp1(target: URL): void {
    const origin = target.origin;
    const known = this.origins.get(origin);
    known?.then((session) => session?.close(), () => undefined);
    this.origins.set(origin, Promise.resolve(undefined));
  }

  close(): void {
    for (const opening of this.origins.values()) opening.then((session) => session?.destroy(), () => undefined);
    this.origins.clear();
  }

  private async open(target: URL): Promise<ClientHttp2Session | undefined> {
    const { address } = await resolveSafely(target.hostname, this.policy);
    const name = target.hostname.replace(/^\[|\]$/g, '');
    const socket = connectTls({
      host: address,
      port: Number(target.port || 443),
      // SNI and the certificate check use the name, the connection the checked address.
      ...(isIP(name) ? {} : { servername: name }),
      ALPNProtocols: ['h2', 'http/1.1'],
      ...this.tls(),
    });
    await new Promise<void>((resolve, reject) => {
      socket.setTimeout(this.timeoutMs, () =>
        socket.destroy(new ArchiveError('TIMEOUT', `${target.host} did not answer in time (timeout).`, { retryable: true })),
      );
      socket.once('secureConnect', () => resolve());
      socket.once('error', reject);
    });
    socket.setTimeout(0);
    if (socket.alpnProtocol !== 'h2') {
      socket.destroy();
      return undefined;
    }
    const session = connectH2(target.origin, { createConnection: () => socket });
    // Errors reach the streams that were open; a broken session is replaced on the next request.
    session.on('error', () => undefined);
    session.once('goaway', () => this.leaving.add(session));
    session.setTimeout(IDLE_MS, () => session.close());
    return session;
  }
}
