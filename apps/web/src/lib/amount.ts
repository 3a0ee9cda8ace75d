import { MINOR_UNITS_PER_MAJOR, parseAmountToMinor } from '@banca/contracts';
import type { Language } from '@banca/contracts';

/** Longest amount text a player may type; R$ 100 million with separators fits easily. */
export const AMOUNT_INPUT_MAX_LENGTH = 20;

/**
 * What a player typed in an amount box, as the dot-decimal text the server reads
 * (`GCS_walletTransfer.amount`), or null when it cannot be read without guessing.
 * - pt-BR writes a decimal comma: "12,50" → "12.50", "1.234,56" → "1234.56";
 * - English writes a decimal point: "12.50", "1,234.56" → "1234.56";
 * - a separator used more than once is grouping ("1.000.000" → "1000000"), and grouping
 *   must be real groups of three, so "12.34.5" is refused rather than read as 12345;
 * - "R$", spaces and non-breaking spaces around the number are ignored, and so are leading
 *   zeros, so the text is in the server's one canonical format whenever it is an amount.
 * Whether the amount is positive with at most 2 decimals is parseAmountToMinor's job.
 */
export function normaliseAmountInput(raw: string): string | null {
  const text = raw.replace(/R\$|[\s\u00a0]/g, '');
  if (!/^[\d.,]+$/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let decimalSeparator: ',' | '.' | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimalSeparator = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0) decimalSeparator = count(text, ',') === 1 ? ',' : null;
  else if (lastDot >= 0) decimalSeparator = count(text, '.') === 1 ? '.' : null;

  const cut = decimalSeparator ? text.lastIndexOf(decimalSeparator) : -1;
  const integerPart = cut >= 0 ? text.slice(0, cut) : text;
  const fraction = cut >= 0 ? text.slice(cut + 1) : null;
  const groupSeparator = /[.,]/.exec(integerPart)?.[0];
  if (groupSeparator) {
    if (integerPart.includes(groupSeparator === '.' ? ',' : '.')) return null;
    if (!new RegExp(`^\\d{1,3}(\\${groupSeparator}\\d{3})+$`).test(integerPart)) return null;
  }
  // Leading zeros a person may type ("007", "00,50") are dropped: the server takes one
  // canonical spelling (CANONICAL_AMOUNT_PATTERN) and refuses "00.50".
  const digits = integerPart.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '' || (fraction !== null && !/^\d+$/.test(fraction))) return null;
  return fraction === null ? digits : `${digits}.${fraction}`;
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** Typed text → minor units, or null when it is not a positive amount with ≤ 2 decimals. */
export function amountInputToMinor(raw: string): number | null {
  const normalised = normaliseAmountInput(raw);
  return normalised === null ? null : parseAmountToMinor(normalised);
}

/** Minor units → what the amount box shows: "250,50" in pt-BR, "250.50" in English. */
export function minorToAmountInput(minor: number, language: Language): string {
  const whole = Math.floor(minor / MINOR_UNITS_PER_MAJOR);
  const cents = String(minor % MINOR_UNITS_PER_MAJOR).padStart(2, '0');
  return `${whole}${language === 'pt-BR' ? ',' : '.'}${cents}`;
}

/** Minor units → the dot-decimal text the server reads ("250.50"). */
export function minorToAmountParam(minor: number): string {
  const whole = Math.floor(minor / MINOR_UNITS_PER_MAJOR);
  return `${whole}.${String(minor % MINOR_UNITS_PER_MAJOR).padStart(2, '0')}`;
}
