/** Dates in the console: day and time to the minute, in the operator's language and time zone. */
export function formatDateTime(iso: string | null, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}

/** A before/after value of the audit log, short enough for a table cell. */
export function compactJson(value: unknown, maxLength = 80): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

/** A fresh key for one form (an adjustment): a repeated submit of the same form moves money once. */
export function newFormKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
