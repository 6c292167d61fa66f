import { readFileSync } from 'node:fs';

export interface RunAs {
  uid: number;
  gid: number;
}

/**
 * The user captures run as when the server runs as root: a page's code (and the browser that
 * runs it) gets no more privilege than a nobody. Undefined when the server is not root (it then
 * has nothing to drop), when `name` is empty, or when no such user exists.
 */
export function captureUser(name: string, passwd = () => readFileSync('/etc/passwd', 'utf8')): RunAs | undefined {
  if (!name || process.getuid?.() !== 0) return undefined;
  let text: string;
  try {
    text = passwd();
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid && gid && Number(uid) !== 0) return { uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}
