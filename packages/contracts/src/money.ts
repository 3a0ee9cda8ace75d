/**
 * Money travels as integer minor units (centavos) with its currency (DESIGN.md §2). Amounts
 * typed by people (GCS_walletTransfer's `amount`) are decimal major units; this is the one
 * place they become minor units, by string arithmetic so no float ever rounds a centavo.
 */
export const MINOR_UNITS_PER_MAJOR = 100;

/** "12.5" → 1250, 12.34 → 1234; null for negatives, zero, >2 decimals, exponents, junk. */
export function parseAmountToMinor(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * MINOR_UNITS_PER_MAJOR + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
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
