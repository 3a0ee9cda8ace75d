import { z } from 'zod';
import type { MemberRow } from './tables';
import { AppError } from '../../http/errors';
import type { Brand } from '../system';

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

const EMAIL = z.email().max(128);
const MOBILE = /^\d{8,15}$/;

/**
 * Where a code confirming a new e-mail or mobile goes (and is looked for): the address in lower
 * case, or the number behind the member's dialing code. Refuses values that are no address.
 */
export function contactDestination(
  brand: Brand,
  member: MemberRow,
  input: { channel: RecoveryChannel; value: string },
): string {
  if (input.channel === 'email') {
    if (!EMAIL.safeParse(input.value).success) throw new AppError('email_invalid_format');
    return input.value.toLowerCase();
  }
  if (!MOBILE.test(input.value)) throw new AppError('phone_invalid_format');
  return `${member.country_dialing_code ?? brand.countryDialingCode}${input.value}`;
}
