import type { Vendor } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { bancaLotteryVendor } from './banca-lotteries';

const vendor = (code: string, gameCategory: Vendor['gameCategory']): Vendor => ({
  code,
  name: code,
  gameCategory,
  walletMode: 'seamless',
  isGame: 'LOBBY',
  maintenance: false,
  logoUrl: `/logos/${code}.svg`,
  gameCount: 1,
});

describe('bancaLotteryVendor', () => {
  it('finds BLT in whichever lane the brand files it', () => {
    const lanes = [
      { cards: [vendor('TCG', 'LOTT')] },
      { cards: [vendor('PG', 'ELOTT'), vendor('BLT', 'ELOTT')] },
    ];
    expect(bancaLotteryVendor(lanes)?.code).toBe('BLT');
  });

  it('is null when the brand does not play Banca’s lottery', () => {
    expect(bancaLotteryVendor([{ cards: [vendor('TCG', 'LOTT')] }])).toBeNull();
    expect(bancaLotteryVendor([])).toBeNull();
  });
});
