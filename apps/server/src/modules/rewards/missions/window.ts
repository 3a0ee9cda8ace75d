/**
 * A mission's own dates (docs/missions.md "Dates"): an optional window an operator sets. Facts
 * count only inside it; once it is over, a reward earned in it may still be claimed for the
 * grace period, then the mission leaves the member's page for good.
 */

/**
 * How long after its end an ended mission's earned rewards stay claimable: a week, so a member
 * who completed it on its last evening still finds it at their next visit (the daily and weekly
 * periods' own leftovers wait the same way, see "Claims").
 */
export const MISSION_CLAIM_GRACE_MS = 7 * 86_400_000;

/** Where an instant falls in a mission's window. */
export type MissionWindowState =
  /** Not started yet: not shown, counts nothing, no claims. */
  | 'upcoming'
  /** Inside its window (or no window): shown, counts, claims. */
  | 'active'
  /** Over, within the grace period: shown only with an earned reward to claim; counts nothing. */
  | 'ended'
  /** Over and past the grace period: gone. */
  | 'closed';

export type MissionWindow = { starts_at: Date | null; ends_at: Date | null };

export function windowState(mission: MissionWindow, at: Date): MissionWindowState {
  const time = at.getTime();
  if (mission.starts_at !== null && time < mission.starts_at.getTime()) return 'upcoming';
  if (mission.ends_at === null || time < mission.ends_at.getTime()) return 'active';
  return time < claimUntil(mission.ends_at).getTime() ? 'ended' : 'closed';
}

/** The last moment an ended mission's earned reward can be claimed. */
export function claimUntil(endsAt: Date): Date {
  return new Date(endsAt.getTime() + MISSION_CLAIM_GRACE_MS);
}
