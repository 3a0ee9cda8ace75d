import type { Vendor } from '@banca/contracts';
import { BANCA_LOTTERY_VENDOR } from '@/lib/game-categories';

/** Banca's own lottery (docs/lottery.md): vendor BLT, whose games are Banca's lottery pages. */
export const LOTTERY_VENDOR = BANCA_LOTTERY_VENDOR;

export type BancaLottery = { key: 'vn' | 'sea' | 'fast'; path: string };

/**
 * Banca's lotteries as /lott offers them (found by QA: they were reached only through Loteria
 * rápida → Banca Loteria): the Vietnamese and South-East Asian draws and the quick lottery, each
 * its lobby page (spec §7: /vnLottery, /seaLottery; the e-lottery /lottery).
 */
export const BANCA_LOTTERIES: readonly BancaLottery[] = [
  { key: 'vn', path: '/vnLottery' },
  { key: 'sea', path: '/seaLottery' },
  { key: 'fast', path: '/lottery' },
];

/**
 * The BLT vendor as the brand's lanes list it, whatever category the catalogue files it under
 * (ELOTT in the demo): absent when the brand does not play it, so /lott offers no dead entry.
 */
export function bancaLotteryVendor(lanes: readonly { cards: readonly Vendor[] }[]): Vendor | null {
  for (const lane of lanes) {
    const vendor = lane.cards.find((card) => card.code === LOTTERY_VENDOR);
    if (vendor) return vendor;
  }
  return null;
}
