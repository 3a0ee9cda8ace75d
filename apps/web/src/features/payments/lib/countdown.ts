/**
 * What the expiry countdown shows: whole seconds left until `expiresAt` (never below zero),
 * written "14:05", or "1:02:03" past an hour (a bank transfer's receipt deadline is a day).
 */
export function secondsLeft(expiresAtIso: string, nowMs: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAtIso) - nowMs) / 1000));
}

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
