// Password hashing with node:crypto scrypt at OWASP's recommended cost (N=2^17, r=8, p=1). The stored string
// carries its own parameters, so the cost can rise later and old hashes still verify.
// RBT_SCRYPT_LOG2N lowers the cost for the test suite only (each hash at 2^17 takes ~0.5 s on a small CPU).
import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pwd: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pwd, salt, len, opts, (e, k) => (e ? reject(e) : resolve(k))));

export const OWASP_LOG2N = 17;
const KEY_LEN = 32;

function log2N(): number {
  const v = Number(process.env.RBT_SCRYPT_LOG2N);
  return Number.isInteger(v) && v >= 10 && v <= 20 ? v : OWASP_LOG2N;
}

const options = (N: number, r: number, p: number): ScryptOptions => ({ N, r, p, maxmem: 256 * N * r + 1024 * 1024 });

export async function hashPassword(password: string): Promise<string> {
  const N = 2 ** log2N();
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, options(N, 8, 1));
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(
    password,
    Buffer.from(salt, 'base64'),
    expected.length,
    options(Number(n), Number(r), Number(p)),
  );
  return timingSafeEqual(actual, expected);
}

/** Parameters of a stored hash, for the test that proves production hashes use the OWASP cost. */
export function hashParameters(stored: string): { N: number; r: number; p: number } {
  const [, n, r, p] = stored.split('$');
  return { N: Number(n), r: Number(r), p: Number(p) };
}

// A known hash to compare against when the account does not exist, so timing does not reveal which accounts do.
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(12).toString('hex')));

/** A random password that passes the change policy of 000 §5 (lower, upper, digit, special; 12 characters). */
export function randomPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)];
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#$%*?'];
  const chars = [...sets.map(pick), ...Array.from({ length: 8 }, () => pick(sets[randomInt(3)]))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
