import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  crashPointE2,
  crashPointOfTop52,
  diceOutcome,
  fairFloats,
  fromHex,
  hmacSha256,
  limboResultE2,
  minesLayout,
  minesMultiplierE4,
  payoutMinorOf,
  personalOutcome,
  plinkoPath,
  plinkoPaytableE2,
  plinkoRtpBps,
  previousGameHash,
  rawWords,
  sha256,
  sha256Hex,
  toHex,
  utf8,
  PLINKO_RISKS,
} from './index';

/** The published check (facts.md §3): server seed `def`, client seed `abc`, nonce 0. */
const PUBLISHED = { serverSeed: 'def', clientSeed: 'abc', nonce: 0 };

describe('the derivation the industry publishes', () => {
  it('gives the published first floats and plinko path', () => {
    expect(fairFloats(PUBLISHED, 4)).toEqual([
      0.8320531346835196, 0.8531235849950463, 0.18227359023876488, 0.774284637067467,
    ]);
    const { path, slot } = plinkoPath(fairFloats(PUBLISHED, 8), 8);
    expect(path).toEqual([1, 1, 0, 1, 0, 1, 1, 0]);
    expect(slot).toBe(5);
  });

  it('reads past the first 32 bytes into round 1 (the cursor)', () => {
    const floats = fairFloats(PUBLISHED, 10);
    const round1 = createHmac('sha256', 'def').update('abc:0:1').digest();
    expect(floats[8]).toBe(round1.readUInt32BE(0) / 2 ** 32);
    expect(floats[9]).toBe(round1.readUInt32BE(4) / 2 ** 32);
  });

  it('computes SHA-256 and HMAC-SHA256 exactly as Node does, at every padding length', () => {
    for (let n = 0; n < 140; n++) {
      const message = 'x'.repeat(n);
      expect(toHex(sha256(utf8(message)))).toBe(createHash('sha256').update(message).digest('hex'));
      const key = 'k'.repeat(n);
      expect(toHex(hmacSha256(utf8(key), utf8(message)))).toBe(
        createHmac('sha256', key).update(message).digest('hex'),
      );
    }
    expect(sha256Hex('def')).toBe(createHash('sha256').update('def').digest('hex'));
  });

  it('worked examples of docs/fairness.md', () => {
    // Dice, roll over 50.00 at 99 %: roll = floor(0.8320531346835196 · 10001) / 100 = 83.21.
    const dice = diceOutcome(fairFloats(PUBLISHED, 1), { targetE2: 5000, over: true }, 9900);
    expect(dice).toEqual({
      rollE2: 8321,
      win: true,
      multiplierE4: 19801,
      targetMultiplierE4: 19801,
    });
    expect(payoutMinorOf(1000, dice.multiplierE4)).toBe(1980);
    // Limbo at 99 %: floor(1e8 / (f · 1e8) · 0.99 · 100) / 100 = 1.18.
    expect(limboResultE2(0.8320531346835196, 9900)).toBe(118);
    // Mines, 3 mines: floor(f0·25), floor(f1·24), floor(f2·23) of the tiles left.
    expect(minesLayout(fairFloats(PUBLISHED, 3), 3)).toEqual([20, 21, 4]);
    expect(personalOutcome(PUBLISHED, { engine: 'mines', mines: 3 }, 9900).mineTiles).toEqual([
      20, 21, 4,
    ]);
    // Crash: a point from r = top 52 bits; r = 0 is 0.99× → 1.00×, r = 2^51 is 1.98×.
    expect(crashPointOfTop52(0, 9900)).toBe(100);
    expect(crashPointOfTop52(2 ** 51, 9900)).toBe(198);
  });

  it('mines multipliers are rtp over the chance of surviving', () => {
    // 3 mines, 1 tile: 25/22 · 0.99 = 1.125
    expect(minesMultiplierE4(3, 1, 9900)).toBe(11250);
    expect(minesMultiplierE4(24, 1, 9900)).toBe(247500);
    expect(minesMultiplierE4(24, 2, 9900)).toBe(0);
  });

  it('plinko tables pay at most the configured RTP plus the stated slack', () => {
    for (const risk of PLINKO_RISKS)
      for (let rows = 8; rows <= 16; rows++)
        for (const rtp of [9900, 9850, 9800]) {
          const rtpOfTable = plinkoRtpBps(plinkoPaytableE2(risk, rows, rtp), rows);
          expect(rtpOfTable).toBeLessThanOrEqual(rtp + 10);
          expect(rtpOfTable).toBeGreaterThan(rtp - 50);
        }
  });

  it('a crash chain links each game to the one before by SHA-256', () => {
    const last = toHex(new Uint8Array(32).fill(7));
    const before = previousGameHash(last);
    expect(before).toBe(createHash('sha256').update(fromHex(last)).digest('hex'));
    expect(crashPointE2(last, 'salt', 9900)).toBeGreaterThanOrEqual(100);
  });

  it('raw words are the floats before scaling', () => {
    const words = rawWords(PUBLISHED, 4);
    expect(words.map((w) => w / 2 ** 32)).toEqual(fairFloats(PUBLISHED, 4));
  });
});
