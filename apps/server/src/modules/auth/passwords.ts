import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane): memory-hard,
 * and about 30 ms here, so a login is never slow for a person but costly to brute-force.
 */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id is an ambient const enum; its value is 2.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a random password, verified against when the account does not exist, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** Random secret (session tokens, pending logins): 256 bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored as SHA-256: a database leak does not hand them out. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The most common passwords in public breach corpora (ASVS 2.1.7 asks to refuse them).
 * Compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty 12345 1234567 111111 1234567890 123123 abc123 1234 password1
  iloveyou 000000 123321 654321 666666 121212 112233 qwertyuiop 123qwe 1q2w3e4r 1q2w3e 987654321 senha senha123 mudar123
  brasil flamengo corinthians palmeiras gremio santos vasco saopaulo botafogo 102030 10203040 147258369 159753 a12345
  abc12345 admin admin123 welcome letmein monkey dragon football baseball master sunshine princess 123abc aa123456
  password123 1qaz2wsx zaq12wsx asdfgh asdfghjkl 112233445566 7777777 88888888 99999999 55555555 11111111 00000000`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
