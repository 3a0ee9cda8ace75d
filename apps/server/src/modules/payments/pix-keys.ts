import { isValidCpf } from '@banca/pix';
import type { PixKeyType } from './tables';

/**
 * PIX keys as the DICT (the Banco Central's key directory) defines them (facts.md §4), validated
 * and normalised: the stored form is the one a payout sends, so one key is one row.
 */

/** The longest key of any type the DICT accepts (an e-mail). */
export const MAX_PIX_KEY_LENGTH = 77;

const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** +55, a two-digit area code (11–99), then 8 (landline) or 9 (mobile, starting with 9) digits. */
const PHONE = /^\+55[1-9][0-9](?:9[0-9]{8}|[2-8][0-9]{7})$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A CPF's 11 digits from what people type (`529.982.247-25`), or null when it is not a valid CPF. */
export function normaliseCpf(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^[0-9.\-\s]{11,14}$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length === 11 && isValidCpf(digits) ? digits : null;
}

/**
 * The key in its stored form, or null when it is not a valid key of that type: a CPF's digits;
 * a lower-cased e-mail; a phone as +55 and digits (typed with or without +55, spaces, dashes,
 * brackets); a random key (EVP) as a lower-case UUID.
 */
export function normalisePixKey(type: PixKeyType, raw: string): string | null {
  const value = raw.trim();
  if (value.length === 0 || value.length > MAX_PIX_KEY_LENGTH + 10) return null;
  switch (type) {
    case 'cpf':
      return normaliseCpf(value);
    case 'email': {
      const email = value.toLowerCase();
      return email.length <= MAX_PIX_KEY_LENGTH && EMAIL.test(email) ? email : null;
    }
    case 'phone': {
      if (!/^\+?[0-9()\-\s]{10,20}$/.test(value)) return null;
      const digits = value.replace(/\D/g, '');
      const phone = value.startsWith('+')
        ? `+${digits}`
        : digits.length <= 11
          ? `+55${digits}`
          : `+${digits}`;
      return PHONE.test(phone) ? phone : null;
    }
    case 'evp': {
      const key = value.toLowerCase();
      return EVP.test(key) ? key : null;
    }
  }
}

/** `***.***.*47-25`: enough for a member or operator to recognise it, not enough to copy. */
export function maskCpf(cpf: string): string {
  return /^\d{11}$/.test(cpf) ? `***.***.*${cpf.slice(7, 9)}-${cpf.slice(9)}` : '***';
}

/** A key as lists show it: a CPF masked; e-mails, phones and random keys as stored (the member's own). */
export function maskPixKey(type: PixKeyType, key: string): string {
  return type === 'cpf' ? maskCpf(key) : key;
}
