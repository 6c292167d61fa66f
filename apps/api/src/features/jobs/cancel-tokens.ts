import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The capability to cancel a job, handed to whoever created it: an HMAC of the job id under the
 * server secret. Nothing is stored, so no database leak reveals a token, and every API process
 * with the same secret can check it.
 */
export class CancelTokens {
  constructor(private readonly secret: string) {}

  issue(jobId: string): string {
    return createHmac('sha256', this.secret).update(`cancel:${jobId}`).digest('base64url');
  }

  verify(jobId: string, token: string | undefined): boolean {
    if (!token) return false;
    const expected = Buffer.from(this.issue(jobId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
