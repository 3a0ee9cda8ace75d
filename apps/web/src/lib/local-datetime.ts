/**
 * The console's date-and-time fields (`<input type="datetime-local">`): the browser shows and
 * takes the operator's own zone, the server keeps instants in UTC.
 */

/** An ISO instant as a `datetime-local` input shows it, in the operator's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value back to an ISO instant; empty is none. */
export function fromLocalInput(value: string): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}
