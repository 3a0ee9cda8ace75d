import { sha256Hex } from '@banca/contracts/fairness';
import { lotteryDraw } from '@banca/contracts/lottery-rules';
import { describe, expect, it } from 'vitest';
import { verifyDraw } from './verify';

describe('checking a draw in the browser', () => {
  const serverSeed = 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778';
  const clientSeed = 'ELOTT_SSC1:20261125-0922';
  const numbers = lotteryDraw('ssc5', { serverSeed, clientSeed });

  it('confirms the seed against its published hash and recomputes the numbers', () => {
    expect(
      verifyDraw('ssc5', {
        serverSeed,
        serverSeedHash: sha256Hex(serverSeed),
        clientSeed,
        numbers,
      }),
    ).toEqual({ hashMatches: true, numbers, numbersMatch: true });
  });

  it('says so when the hash or the numbers do not follow', () => {
    const other = [...numbers];
    other[0] = (other[0]! + 1) % 10;
    expect(
      verifyDraw('ssc5', {
        serverSeed,
        serverSeedHash: sha256Hex('another'),
        clientSeed,
        numbers: other,
      }),
    ).toEqual({ hashMatches: false, numbers, numbersMatch: false });
  });

  it('has nothing to check before the seed is revealed, or for an entered VN sheet', () => {
    expect(
      verifyDraw('ssc5', { serverSeed: null, serverSeedHash: 'x', clientSeed, numbers: null }),
    ).toBeNull();
    expect(
      verifyDraw('vn_north', { serverSeed, serverSeedHash: 'x', clientSeed, numbers }),
    ).toBeNull();
  });
});
