import { describe, expect, it } from 'vitest';
import { toArchiveError } from './fetch-errors.js';

const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
const URL_ = 'https://example.com:8443/page';

describe('toArchiveError', () => {
  it('words a failed TLS handshake plainly, without OpenSSL text, and does not retry a protocol mismatch', () => {
    const error = toArchiveError(failure('ERR_SSL_WRONG_VERSION_NUMBER', 'C0:error:0A00010B:SSL routines:ssl3_get_record:wrong version number'), URL_);
    expect(error.message).toBe('The secure connection (HTTPS) to example.com:8443 failed.');
    expect(error).toMatchObject({ code: 'NETWORK', connection: 'tls', retryable: false });
    const cut = toArchiveError(failure('ECONNRESET', 'Client network socket disconnected before secure TLS connection was established'), URL_);
    expect(cut).toMatchObject({ connection: 'tls', retryable: true, message: 'The secure connection (HTTPS) to example.com:8443 failed.' });
  });

  it('marks refused connections and untrusted certificates as failures to connect', () => {
    expect(toArchiveError(failure('ECONNREFUSED', 'connect ECONNREFUSED'), URL_)).toMatchObject({ connection: 'refused', retryable: false });
    expect(toArchiveError(failure('CERT_HAS_EXPIRED', 'certificate has expired'), URL_)).toMatchObject({ connection: 'certificate' });
    expect(toArchiveError(failure('ECONNRESET', 'socket hang up'), URL_)).toMatchObject({ connection: undefined, retryable: true });
  });
});
