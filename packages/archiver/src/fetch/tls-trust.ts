import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates, type ConnectionOptions, type SecureContext } from 'node:tls';

/** Certificates to trust besides Node's own roots. */
export interface Trust {
  /** Trusted instead of Node's roots (tests' self-signed certificate). */
  ca?: string | Buffer;
  /**
   * A PEM file whose certificates are trusted besides Node's roots, read on the first https
   * connection: NODE_EXTRA_CA_CERTS as the `sitezip` launcher hands it over (bin/sitezip).
   */
  extraCaFile?: string;
}

/** What TLS connections add to their options, built at most once per fetcher and only when one is made. */
export type TlsOptions = () => ConnectionOptions;

export function tlsOptions(trust: Trust, warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`)): TlsOptions {
  const { ca, extraCaFile } = trust;
  if (ca) return () => ({ ca });
  if (!extraCaFile) return () => ({});
  let options: ConnectionOptions | undefined;
  return () => (options ??= withExtraCertificates(extraCaFile, warn));
}

function withExtraCertificates(file: string, warn: (message: string) => void): ConnectionOptions {
  let pem: string;
  try {
    pem = readFileSync(file, 'latin1');
  } catch (error) {
    // As Node does with NODE_EXTRA_CA_CERTS: say so and go on with its roots alone.
    warn(`sitezip: ignoring the extra certificates of ${file} (NODE_EXTRA_CA_CERTS): ${(error as Error).message}`);
    return {};
  }
  // The `ca` option would replace Node's roots, and `[...tls.rootCertificates, pem]` parses them
  // all again (half again the cost). The native context's addCACert adds to a copy of the
  // parsed roots: the store Node builds from NODE_EXTRA_CA_CERTS, at the same cost.
  // That native method is not Node's public API: should it go, the roots are parsed again.
  const context: SecureContext = createSecureContext();
  const native = context.context as { addCACert?: (pem: string) => void };
  if (typeof native.addCACert !== 'function') return { ca: [...rootCertificates, pem] };
  native.addCACert(pem);
  return { secureContext: context };
}

/** The trust the `sitezip` launcher handed over: NODE_EXTRA_CA_CERTS, kept from Node's start under another name. */
export function trustFromEnv(env: NodeJS.ProcessEnv = process.env): Trust {
  const file = env.SITEZIP_DEFERRED_CA_CERTS;
  return file ? { extraCaFile: file } : {};
}
