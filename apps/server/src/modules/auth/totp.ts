import * as OTPAuth from 'otpauth';

/** Google Authenticator compatible TOTP: SHA-1, 6 digits, 30 s steps, ±1 step of clock drift. */
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, account: string, issuer: string): string {
  return new OTPAuth.TOTP({
    issuer,
    label: account,
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: PERIOD_SECONDS,
  }).toString();
}

/** The time step the code belongs to, or null when it matches none in the window. */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: PERIOD_SECONDS,
  });
  const delta = totp.validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

export function totpCodeAt(secret: string, nowMs: number): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: PERIOD_SECONDS,
  }).generate({ timestamp: nowMs });
}
