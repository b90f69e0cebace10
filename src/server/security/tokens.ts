// Random secrets and their stored form. Session tokens and dynamic codes are stored as SHA-256 digests:
// they are high-entropy (or short-lived and attempt-limited), so a fast hash is enough and a stolen
// database row cannot be replayed as a cookie.
import { hash, randomBytes, randomInt } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');
// One-shot crypto.hash: a third of createHash's cost, and every request hashes its cookie.
export const sha256 = (s: string) => hash('sha256', s, 'hex');

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: the code is typed from a phone screen

/** Dynamic code of 000 §5: six alphanumerics. */
export function newDynamicCode(): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}
