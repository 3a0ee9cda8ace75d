import { vnSelectionValid } from '@banca/contracts/lottery-rules';
import { describe, expect, it } from 'vitest';
import { vnQuickPick } from '../components/vn-board';
import {
  clock,
  formatOdds,
  gameNameOf,
  localDate,
  localDay,
  localTime,
  weekdaysLabel,
  zoneLabel,
} from './format';

describe('lottery formatting', () => {
  it('counts down in m:ss, and in h:mm:ss from an hour up (a VN draw hours away)', () => {
    expect(clock(59_000)).toBe('0:59');
    expect(clock(3_599_000)).toBe('59:59');
    expect(clock(3_600_000)).toBe('1:00:00');
    expect(clock(23 * 3_600_000 + 10 * 60_000 + 2_000)).toBe('23:10:02');
    // From a day up (a province drawing later in the week): days, then h:mm:ss.
    expect(clock(37 * 3_600_000 + 10 * 60_000 + 2_000)).toBe('1d 13:10:02');
    expect(clock(6 * 86_400_000 + 5_000)).toBe('6d 00:00:05');
    expect(clock(-5)).toBe('0:00');
  });

  it('shows a VN draw at its local time and zone', () => {
    expect(localTime('2026-11-25T11:15:00.000Z', 'Asia/Ho_Chi_Minh', 'pt-BR')).toBe('18:15');
    expect(localTime('2026-11-25T11:00:00.000Z', 'Asia/Kuala_Lumpur', 'en')).toBe('19:00');
    expect(zoneLabel('Asia/Ho_Chi_Minh')).toBe('Ho Chi Minh');
  });

  it('names a draw’s local day and a game’s draw days', () => {
    // 23:30 UTC on Tuesday is already Wednesday in Ho Chi Minh City.
    expect(localDay('2026-11-24T23:30:00.000Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-25');
    expect(localDay('2026-11-24T23:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-24');
    expect(localDate('2026-11-25T09:15:00.000Z', 'Asia/Ho_Chi_Minh', 'en')).toBe('Wed, 11/25');
    expect(localDate('2026-11-25T09:15:00.000Z', 'Asia/Ho_Chi_Minh', 'pt-BR')).toMatch(
      /^qua\.?, 25\/11$/,
    );
    expect(weekdaysLabel([3, 6, 7], 'en')).toBe('Wed, Sat, Sun');
    expect(weekdaysLabel([1], 'pt-BR')).toMatch(/^seg/);
  });

  it('quick-picks only selections the server accepts', () => {
    for (const [kind, betType] of [
      ['vn_north', 'lo2'],
      ['vn_north', 'lo3'],
      ['vn_north', 'de'],
      ['vn_south', 'de_dau'],
      ['vn_north', 'xien2'],
      ['vn_north', 'xien3'],
      ['vn_south', 'xien4'],
      ['vn_north', 'de3'],
      ['vn_south', 'da2'],
      ['sea4d', 'big'],
      ['sea4d', 'small'],
    ] as const)
      for (let i = 0; i < 50; i++)
        expect(vnSelectionValid(kind, betType, vnQuickPick(betType)), betType).toBe(true);
  });

  it('names a bet’s game from the games the page knows, else by its code', () => {
    const games = [
      { gameCode: 'LOTT_MB', nameEn: 'North (Hanoi)', namePt: 'Norte (Hanói)' },
      { gameCode: 'LOTT_MN_CT', nameEn: 'Can Tho', namePt: 'Cần Thơ' },
    ];
    expect(gameNameOf('LOTT_MB', games, 'pt-BR')).toBe('Norte (Hanói)');
    expect(gameNameOf('LOTT_MN_CT', games, 'en')).toBe('Can Tho');
    expect(gameNameOf('ELOTT_SSC1', games, 'en')).toBe('ELOTT_SSC1');
  });

  it('shows big odds without cents on the board’s tiles', () => {
    expect(formatOdds(970_000_000, 'pt-BR')).toBe('97.000,00×');
    expect(formatOdds(970_000_000, 'pt-BR', true)).toBe('97.000×');
    expect(formatOdds(13_857_142, 'en', true)).toBe('1,385×');
    expect(formatOdds(9_999_999, 'pt-BR', true)).toBe('999,99×');
    expect(formatOdds(98_000, 'pt-BR', true)).toBe('9,80×');
  });
});
