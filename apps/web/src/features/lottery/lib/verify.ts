import { sha256Hex } from '@banca/contracts/fairness';
import { isVnLotteryKind, lotteryDraw, type LotteryKind } from '@banca/contracts/lottery-rules';

/**
 * A drawn e-lottery draw checked in the player's browser with the server's own functions: the
 * revealed seed hashes to the hash published before betting closed, and the numbers follow from
 * the seeds. Null while the seed is not revealed (or for a VN/SEA draw: its results are entered).
 */
export function verifyDraw(
  kind: LotteryKind,
  draw: {
    serverSeed: string | null;
    serverSeedHash: string;
    clientSeed: string;
    numbers: readonly number[] | null;
  },
): { hashMatches: boolean; numbers: number[]; numbersMatch: boolean } | null {
  if (draw.serverSeed === null || isVnLotteryKind(kind)) return null;
  const numbers = lotteryDraw(kind, { serverSeed: draw.serverSeed, clientSeed: draw.clientSeed });
  const shown = draw.numbers ?? [];
  return {
    hashMatches: sha256Hex(draw.serverSeed) === draw.serverSeedHash,
    numbers,
    numbersMatch: numbers.length === shown.length && numbers.every((n, i) => n === shown[i]),
  };
}
