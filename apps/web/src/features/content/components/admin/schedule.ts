/** A schedule's state now: not started, showing, or over. */
export function scheduleState(
  startsAt: string,
  endsAt: string | null,
  nowMs: number,
): 'scheduled' | 'live' | 'ended' {
  if (Date.parse(startsAt) > nowMs) return 'scheduled';
  if (endsAt !== null && Date.parse(endsAt) <= nowMs) return 'ended';
  return 'live';
}

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
