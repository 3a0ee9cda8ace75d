import { vnSelectionValid } from '@banca/contracts/lottery-rules';
import { describe, expect, it } from 'vitest';
import { vnQuickPick } from '../components/vn-board';
import { clock, localTime, zoneLabel } from './format';

describe('lottery formatting', () => {
  it('counts down in m:ss, and in h:mm:ss from an hour up (a VN draw hours away)', () => {
    expect(clock(59_000)).toBe('0:59');
    expect(clock(3_599_000)).toBe('59:59');
    expect(clock(3_600_000)).toBe('1:00:00');
    expect(clock(37 * 3_600_000 + 10 * 60_000 + 2_000)).toBe('37:10:02');
    expect(clock(-5)).toBe('0:00');
  });

  it('shows a VN draw at its local time and zone', () => {
    expect(localTime('2026-11-25T11:15:00.000Z', 'Asia/Ho_Chi_Minh', 'pt-BR')).toBe('18:15');
    expect(localTime('2026-11-25T11:00:00.000Z', 'Asia/Kuala_Lumpur', 'en')).toBe('19:00');
    expect(zoneLabel('Asia/Ho_Chi_Minh')).toBe('Ho Chi Minh');
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
      ['sea4d', 'big'],
      ['sea4d', 'small'],
    ] as const)
      for (let i = 0; i < 50; i++)
        expect(vnSelectionValid(kind, betType, vnQuickPick(betType)), betType).toBe(true);
  });
});
