import type { MemberRow } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * A recovery channel (e-mail, mobile) changed after registration is not trusted for this long:
 * no password reset, code login or new-address verification goes to it. Someone who changed it
 * with a stolen session would otherwise own the account minutes later; the owner, warned on the
 * old channel, has a day to react.
 */
export const RECOVERY_CHANNEL_COOLING_MS = 24 * 60 * 60 * 1000;

export type RecoveryChannel = 'email' | 'mobile';

function changedAt(member: MemberRow, channel: RecoveryChannel): Date | null {
  return channel === 'email' ? member.email_changed_at : member.mobile_changed_at;
}

/** Whether the channel may receive recovery and login codes now. */
export function isChannelSettled(
  member: MemberRow,
  channel: RecoveryChannel,
  nowMs: number,
): boolean {
  const at = changedAt(member, channel);
  return !at || nowMs - at.getTime() >= RECOVERY_CHANNEL_COOLING_MS;
}

/** Refuses recovery through a channel still cooling down, saying how long is left. */
export function assertChannelSettled(
  member: MemberRow,
  channel: RecoveryChannel,
  nowMs: number,
): void {
  const at = changedAt(member, channel);
  if (isChannelSettled(member, channel, nowMs) || !at) return;
  const leftMs = at.getTime() + RECOVERY_CHANNEL_COOLING_MS - nowMs;
  throw new AppError('recovery_channel_cooling', {
    params: { hours: Math.max(1, Math.ceil(leftMs / 3_600_000)) },
  });
}
