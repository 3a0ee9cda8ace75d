/**
 * The slip's stake as typed, read strictly in the page's language: Brazilian Portuguese writes
 * `1.000,50` (dot for thousands, comma for cents), English `1,000.50`. Anything else — a minus
 * sign, letters, an exponent, three decimals, the other language's separators — is not an
 * amount: the slip shows an error and does not bet, it never drops characters to make one up.
 */
export function parseStakeMinor(text: string, language: string): number | null {
  const pt = !language.toLowerCase().startsWith('en');
  const [thousands, decimal] = pt ? ['.', ','] : [',', '.'];
  const t = `\\${thousands}`;
  const d = `\\${decimal}`;
  const value = text.trim();
  const grouped = new RegExp(`^(\\d{1,3}(?:${t}\\d{3})+)(?:${d}(\\d{1,2}))?$`);
  const plain = new RegExp(`^(\\d+)(?:${d}(\\d{1,2}))?$`);
  const match = grouped.exec(value) ?? plain.exec(value);
  if (!match) return null;
  const whole = Number(match[1]!.split(thousands).join(''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + cents;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** A stake in the page's language for the field: 100 → "1,00" (pt-BR) / "1.00" (en). */
export function formatStakeInput(minor: number, language: string): string {
  return (minor / 100).toLocaleString(language.toLowerCase().startsWith('en') ? 'en' : 'pt-BR', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
