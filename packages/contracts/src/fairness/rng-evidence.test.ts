import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rawWords, type HmacSha256 } from './index';

/**
 * RNG evidence (GLI-11 style, issue 14 §5): the raw 32-bit words, collected before any scaling
 * from the real derivation over many nonces, pass chi-square (uniformity), runs (independence of
 * successive values) and lag-1 serial correlation at 99 % confidence. Formulas: docs/fairness.md §6.
 */
const nodeHmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

/** 8 words per nonce (one HMAC block) over 125,000 nonces: 1,000,000 words. */
function collect(): number[] {
  const words: number[] = [];
  for (let nonce = 0; nonce < 125_000; nonce++)
    words.push(
      ...rawWords({ serverSeed: 'b'.repeat(64), clientSeed: 'evidence', nonce }, 8, nodeHmac),
    );
  return words;
}

/** Upper 99 % point of chi-square with `df` degrees of freedom (Wilson–Hilferty). */
function chiSquareCritical99(df: number): number {
  const z = 2.3263;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}
/** Two-sided 99 % bound of a standard normal. */
const Z99 = 2.5758;

describe('RNG evidence on 1,000,000 raw words', { timeout: 120_000 }, () => {
  const words = collect();
  const n = words.length;

  it('chi-square: the top 10 bits fill 1,024 bins evenly', () => {
    const bins = new Array<number>(1024).fill(0);
    for (const w of words) bins[w >>> 22]! += 1;
    const expected = n / 1024;
    const chi = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    const critical = chiSquareCritical99(1023);
    console.info(`chi-square ${chi.toFixed(1)} (df 1023, 99 % critical ${critical.toFixed(1)})`);
    expect(chi).toBeLessThan(critical);
  });

  it('chi-square: every byte position is uniform over 256 values', () => {
    for (let shift = 0; shift < 32; shift += 8) {
      const bins = new Array<number>(256).fill(0);
      for (const w of words) bins[(w >>> shift) & 0xff]! += 1;
      const expected = n / 256;
      const chi = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
      expect(chi).toBeLessThan(chiSquareCritical99(255));
    }
  });

  it('runs above and below the median (Wald–Wolfowitz)', () => {
    const median = 2 ** 31;
    let above = 0;
    let runs = 0;
    let previous: boolean | null = null;
    for (const w of words) {
      const high = w >= median;
      if (high) above += 1;
      if (high !== previous) runs += 1;
      previous = high;
    }
    const below = n - above;
    const mean = (2 * above * below) / n + 1;
    const variance = ((mean - 1) * (mean - 2)) / (n - 1);
    const z = (runs - mean) / Math.sqrt(variance);
    console.info(`runs ${runs}, expected ${mean.toFixed(1)}, z ${z.toFixed(3)}`);
    expect(Math.abs(z)).toBeLessThan(Z99);
  });

  it('lag-1 serial correlation is indistinguishable from 0', () => {
    const floats = words.map((w) => w / 2 ** 32);
    const mean = floats.reduce((s, f) => s + f, 0) / n;
    let num = 0;
    let den = 0;
    for (let i = 0; i < n; i++) {
      const d = floats[i]! - mean;
      den += d * d;
      if (i + 1 < n) num += d * (floats[i + 1]! - mean);
    }
    const r = num / den;
    const z = r * Math.sqrt(n);
    console.info(`serial correlation r ${r.toExponential(3)}, z ${z.toFixed(3)}`);
    expect(Math.abs(z)).toBeLessThan(Z99);
  });
});
