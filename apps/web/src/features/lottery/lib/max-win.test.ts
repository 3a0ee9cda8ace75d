import { lotteryOddsE4 } from '@banca/contracts/lottery-rules';
import { describe, expect, it } from 'vitest';
import { lotteryMaxWin } from './max-win';

const line = (
  kind: 'ssc5' | 'fast3' | 'race10',
  betType: string,
  selection: string,
  rtpBps = 9_800,
) => ({ betType, selection, oddsE4: lotteryOddsE4(kind, betType, selection, rtpBps) });

describe('the slip’s top win', () => {
  it('adds only lines one 5-ball result wins together (the QA example)', () => {
    const lines = [
      line('ssc5', 'position', '1-1'),
      line('ssc5', 'position', '1-2'),
      line('ssc5', 'position', '1-3'),
      line('ssc5', 'big_small', 'big'),
      line('ssc5', 'odd_even', 'even'),
      line('ssc5', 'sum', '22', 9_700),
    ];
    // The odds the QA slip showed (the demo's sum bets at 97 %): 9,80× ×3, 1,96×, 1,96×, 16,16×;
    // at R$ 2 the old figure summed them all: R$ 98,97.
    expect(lines.map((l) => l.oddsE4)).toEqual([98_000, 98_000, 98_000, 19_600, 19_600, 161_666]);
    const naive = lines.reduce((s, l) => s + Math.floor((200 * l.oddsE4) / 10_000), 0);
    expect(naive).toBe(9_897);
    // The best result: ball 1 one of 1–3 and a sum of 22 (even, so not Alto):
    // R$ 19,60 + R$ 3,92 + R$ 32,33 = R$ 55,85.
    expect(lotteryMaxWin('ssc5', lines, 200)).toEqual({ minor: 5_585, exact: true, perHit: false });
  });

  it('finds the best 3-dice result', () => {
    // Triple 6 wins "any triple", "triple 6", pair 6 and sum 18 together.
    const lines = ['any', '6'].map((s) => line('fast3', 'triple', s));
    lines.push(line('fast3', 'pair', '6'), line('fast3', 'sum', '18'), line('fast3', 'sum', '3'));
    const pay = (i: number) => Math.floor((100 * lines[i]!.oddsE4) / 10_000);
    expect(lotteryMaxWin('fast3', lines, 100).minor).toBe(pay(0) + pay(1) + pay(2) + pay(3));
  });

  it('places each car once and each place once in the race', () => {
    // Car 1 first and car 1 second cannot both happen; car 2 second can with car 1 first.
    const lines = [
      line('race10', 'position', '1-1'),
      line('race10', 'position', '2-1'),
      line('race10', 'position', '2-2'),
      line('race10', 'position', '3-3'),
    ];
    const one = Math.floor((100 * lines[0]!.oddsE4) / 10_000);
    expect(lotteryMaxWin('race10', lines, 100)).toEqual({
      minor: 3 * one,
      exact: true,
      perHit: false,
    });
    expect(lotteryMaxWin('race10', lines.slice(0, 2), 100).minor).toBe(one);
  });

  it('gives VN slips the sum as a bound, per hit for lô and đá', () => {
    const de = [
      { betType: 'de', selection: '07', oddsE4: 950_000 },
      { betType: 'de', selection: '08', oddsE4: 950_000 },
    ];
    expect(lotteryMaxWin('vn_north', de, 100)).toEqual({
      minor: 19_000,
      exact: false,
      perHit: false,
    });
    const lo = [{ betType: 'lo2', selection: '07', oddsE4: 35_185 }];
    expect(lotteryMaxWin('vn_north', lo, 2_700).perHit).toBe(true);
  });
});
