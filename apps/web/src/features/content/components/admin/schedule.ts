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

// The date fields' conversions live in lib (the missions desk uses them too).
export { fromLocalInput, toLocalInput } from '@/lib/local-datetime';
