/**
 * PAM API amounts (pam_api.yml `Amount`): JSON numbers in major units, up to 6 decimals. Banca
 * keeps integer minor units (centavos for BRL), so an amount is accepted only when it is an
 * exact number of minor units: 12.34 and 12.340000 are 1234; 12.345 is refused, never rounded.
 */
export type AmountParse =
  { ok: true; minor: number } | { ok: false; reason: 'negative' | 'invalid' | 'precision' };

/** Minor units per major unit; every currency a brand uses today has 2 decimals. */
const MINOR_PER_MAJOR = 100;
/** Largest amount one transaction may carry (the ledger's MAX_TRANSFER_MINOR in major units). */
const MAX_MAJOR = 100_000_000;

export function parsePamAmount(value: unknown): AmountParse {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, reason: 'invalid' };
  if (value < 0) return { ok: false, reason: 'negative' };
  if (value > MAX_MAJOR) return { ok: false, reason: 'invalid' };
  const minor = Math.round(value * MINOR_PER_MAJOR);
  // The JSON text was parsed to the double nearest to it; the double nearest to minor/100 is the
  // same number exactly when the text named a whole number of minor units (below 2^53 / 100 and
  // with at most 6 decimals, two different decimals never share a double).
  if (minor / MINOR_PER_MAJOR !== value) return { ok: false, reason: 'precision' };
  return { ok: true, minor: minor + 0 }; // -0 is 0
}

/** Minor units to the API's number (12.34); exact, since minor is an integer below 2^53. */
export function minorToPam(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}
