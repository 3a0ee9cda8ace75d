/**
 * Money travels as integer minor units (centavos) with its currency (docs/architecture.md). Amounts
 * typed by people (GCS_walletTransfer's `amount`) are decimal major units in one canonical
 * format; this is the one place they become minor units, by string arithmetic so no float
 * ever rounds a centavo.
 */
export const MINOR_UNITS_PER_MAJOR = 100;

/**
 * The one format of an amount on the wire (GCS_walletTransfer's `amount`): digits, then
 * optionally a point and one or two decimals (BRL has two). No sign, spaces, grouping,
 * exponent or leading zeros ("0.50" has the only zero allowed before the point), so " 1 ",
 * "00.01", "+1", "1.", ".5" and "1e3" are refused rather than guessed at. At most 9 integer
 * digits: R$ 999.999.999 is above the ledger's limit per transfer (R$ 100 million,
 * MAX_TRANSFER_MINOR), which answers the amounts in between; longer text is not even read.
 */
export const CANONICAL_AMOUNT_PATTERN = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,2})?$/;

/**
 * The canonical text of an amount sent as text or as a JSON number, or null. A number counts
 * when its shortest decimal form (String(n)) is canonical: 12.5 and 12.34 are, while
 * 0.1 + 0.2 (0.30000000000000004), -1, 1e21 and NaN are not, so no float ever rounds a centavo.
 */
export function canonicalAmountText(value: unknown): string | null {
  let text: string;
  if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'string') text = value;
  else return null;
  return CANONICAL_AMOUNT_PATTERN.test(text) ? text : null;
}

/**
 * Canonical amount → minor units, by string arithmetic: "12.5" → 1250, 12.34 → 1234; null
 * for anything not canonical (see CANONICAL_AMOUNT_PATTERN) and for zero.
 */
export function parseAmountToMinor(value: unknown): number | null {
  const text = canonicalAmountText(value);
  if (text === null) return null;
  const [whole = '', fraction = ''] = text.split('.');
  const minor = Number(whole) * MINOR_UNITS_PER_MAJOR + Number(fraction.padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** 123456 → 1234.56 (a number, for APIs that speak major units). */
export function minorToMajor(minor: number): number {
  return minor / MINOR_UNITS_PER_MAJOR;
}

/**
 * Formatters by language, currency and decimals. Building an Intl.NumberFormat costs far more
 * than formatting with one, and a page formats many amounts (a winners board, a record list)
 * in one language and currency.
 */
const formats = /* @__PURE__ */ new Map<string, Intl.NumberFormat>();

function currencyFormat(language: string, currency: string, decimals: number): Intl.NumberFormat {
  const key = `${language}|${currency}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(key, format);
  }
  return format;
}

/** Formats minor units for people: "R$ 1.234,56" in pt-BR, "R$1,234.56" in en. */
export function formatMoney(minor: number, currency: string, language: string): string {
  return currencyFormat(language, currency, 2).format(minor / MINOR_UNITS_PER_MAJOR);
}

/** "R$ 10": whole amounts, no decimals to read (the quick-amount buttons). */
export function formatWholeMoney(minor: number, currency: string, language: string): string {
  return currencyFormat(language, currency, 0).format(minor / MINOR_UNITS_PER_MAJOR);
}
