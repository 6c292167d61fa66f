import { ArchiveError, isArchiveError } from '../errors.js';

/** The server did not process the stream (REFUSED_STREAM, or GOAWAY first): sending it again is safe. */
export function wasRefused(error: unknown): boolean {
  const { code } = error as NodeJS.ErrnoException;
  return code === 'ERR_HTTP2_GOAWAY_SESSION' || code === 'ERR_HTTP2_INVALID_SESSION' || streamErrorIs(error, 'REFUSED_STREAM');
}

/** An HTTP/2 stream reset with the nghttp2 error `NGHTTP2_<name>`. */
export function streamErrorIs(error: unknown, name: string): boolean {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === 'ERR_HTTP2_STREAM_ERROR' && message.includes(`NGHTTP2_${name}`);
}

// OpenSSL's verification failures: trying again gets the same certificate.
const CERTIFICATE_ERRORS = /^(ERR_TLS_CERT_ALTNAME_INVALID|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE))/;

// The handshake itself failed (the port does not speak TLS, no protocol in common): OpenSSL's
// own words ("ssl3_get_record:wrong version number") mean nothing to the person who asked.
const TLS_ERRORS = /^(ERR_SSL_|ERR_TLS_|EPROTO$)/;
const TLS_HANDSHAKE_CUT = /before secure TLS connection was established/;

/** What a transport failure means for the person who asked for the page. */
export function toArchiveError(error: unknown, url: string): ArchiveError {
  if (isArchiveError(error)) return error;
  const host = safeHost(url);
  if ((error as Error).name === 'AbortError') {
    return new ArchiveError('ABORTED', `The request to ${host} was cancelled.`, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException).code ?? (error as { cause?: NodeJS.ErrnoException }).cause?.code;
  if (code === 'ECONNREFUSED') {
    return new ArchiveError('NETWORK', `${host} refused the connection.`, { connection: 'refused', cause: error });
  }
  if (CERTIFICATE_ERRORS.test(code ?? '')) {
    return new ArchiveError('NETWORK', `${host} presented a certificate that cannot be trusted (${code}).`, { connection: 'certificate', cause: error });
  }
  if (TLS_ERRORS.test(code ?? '') || TLS_HANDSHAKE_CUT.test((error as Error).message)) {
    // A connection cut during the handshake may be a moment's trouble; a protocol mismatch is not.
    const retryable = code === 'ECONNRESET';
    return new ArchiveError('NETWORK', `The secure connection (HTTPS) to ${host} failed.`, { connection: 'tls', retryable, cause: error });
  }
  if (code === 'ETIMEDOUT') {
    return new ArchiveError('TIMEOUT', `${host} did not answer in time (timeout).`, { retryable: true, cause: error });
  }
  return new ArchiveError('NETWORK', `Could not download from ${host}: ${(error as Error).message}.`, {
    retryable: true,
    cause: error,
  });
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
