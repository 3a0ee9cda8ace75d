/** Dates in the console: day and time to the minute, in the operator's language and time zone. */
export function formatDateTime(iso: string | null, language: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(
    new Date(iso),
  );
}

/** Longest value shown in an audit cell; the rest is cut with an ellipsis. */
const AUDIT_VALUE_MAX_LENGTH = 60;

/**
 * A before/after (or detail) value of the audit log as `key: value` lines for a table cell;
 * `skip` leaves keys out (the route, already said by the action).
 */
export function auditLines(value: unknown, skip: readonly string[] = []): string[] {
  if (value === null || value === undefined) return [];
  const short = (item: unknown) => {
    const text = typeof item === 'string' ? item : JSON.stringify(item);
    return text.length > AUDIT_VALUE_MAX_LENGTH
      ? `${text.slice(0, AUDIT_VALUE_MAX_LENGTH - 1)}…`
      : text;
  };
  if (typeof value !== 'object' || Array.isArray(value)) return [short(value)];
  return Object.entries(value as Record<string, unknown>)
    .filter(([key]) => !skip.includes(key))
    .map(([key, item]) => `${key}: ${short(item)}`);
}

/** A fresh key for one form (an adjustment): a repeated submit of the same form moves money once. */
export function newFormKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
