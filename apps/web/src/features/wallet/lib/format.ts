import { formatMoney } from '@banca/contracts';

/** A signed movement: "+R$ 250,50" for a credit, "−R$ 250,50" for a debit (a real minus sign). */
export function formatSignedMoney(minor: number, currency: string, language: string): string {
  const sign = minor > 0 ? '+' : minor < 0 ? '\u2212' : '';
  return `${sign}${formatMoney(Math.abs(minor), currency, language)}`;
}

/** The date and the time of an instant in the brand's zone, as two strings. */
export function formatDateTimeParts(
  iso: string,
  language: string,
  timeZone: string,
): { date: string; time: string } {
  const instant = new Date(iso);
  return {
    date: new Intl.DateTimeFormat(language, {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(instant),
    time: new Intl.DateTimeFormat(language, {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(instant),
  };
}
