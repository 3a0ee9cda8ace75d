import { randomBytes } from 'node:crypto';

/**
 * Identifiers of the PIX API (facts.md §4, bacen/pix-api v2.9): txid of a `cob`, the payment's
 * endToEndId, and the CPF check digits the sandbox's payer and PIX keys use.
 */

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits (rejection sampling: no bias toward the first symbols). */
function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue; // 248 = 4 × 62: bytes above would favour the first 8 symbols
      out += ALPHANUMERIC[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new txid: 32 alphanumerics (the API allows 26–35). */
export function newTxid(): string {
  return randomAlphanumeric(32);
}

/**
 * An endToEndId: `E` + the payer PSP's ISPB (8 digits) + yyyyMMddHHmm + 11 alphanumerics = 32
 * characters, as the SPI forms it.
 */
export function newEndToEndId(ispb: string, at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  return `E${ispb.padStart(8, '0').slice(0, 8)}${stamp}${randomAlphanumeric(11)}`;
}

/** A CPF's 11 digits with valid check digits (mod 11), repeated-digit numbers refused. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/[.-]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}
