import { randomBytes } from 'node:crypto';

const JOB_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new job id: 128 random bits, base64url. The id is the capability to read the job and its files. */
export function newJobId(): string {
  return randomBytes(16).toString('base64url');
}

/** True for ids we issue; nothing else is ever looked up or turned into a path. */
export function isJobId(id: string): boolean {
  return JOB_ID.test(id);
}
