import { MINOR_UNITS_PER_MAJOR } from '@banca/contracts';

/**
 * Formatters by language, currency and decimals. Building an Intl.NumberFormat costs far more
 * than formatting with one, and a page formats many amounts (a winners board, a record list)
 * in one language and currency.
 */
const formats = new Map<string, Intl.NumberFormat>();

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

/** "R$ 1.234,50" in pt-BR: the contracts' formatMoney, with its formatter kept. */
export function formatMoney(minor: number, currency: string, language: string): string {
  return currencyFormat(language, currency, 2).format(minor / MINOR_UNITS_PER_MAJOR);
}

/** "R$ 10": whole amounts, no decimals to read (the quick-amount buttons). */
export function formatWholeMoney(minor: number, currency: string, language: string): string {
  return currencyFormat(language, currency, 0).format(minor / MINOR_UNITS_PER_MAJOR);
}
