import { describe, expect, it } from 'vitest';
import { cardVariantClass, formatRtp, formatWin, homeHotList, maskWinnerName } from './game-format';

describe('game formats', () => {
  it('picks one of four card variants from the node id', () => {
    expect([0, 1, 2, 3, 4, 223].map(cardVariantClass)).toEqual([
      'card--v1',
      'card--v2',
      'card--v3',
      'card--v4',
      'card--v1',
      'card--v4',
    ]);
  });

  it('writes RTP with the language’s decimal mark', () => {
    expect(formatRtp(96.5, 'pt-BR')).toBe('96,5');
    expect(formatRtp(94.75, 'pt-BR')).toBe('94,75');
    expect(formatRtp(95, 'en')).toBe('95');
    expect(formatRtp(96.5, 'en')).toBe('96.5');
  });

  it('formats wins as Brazilian reais', () => {
    expect(formatWin(123456, 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,56');
  });

  it('never shows a whole winner name', () => {
    expect(maskWinnerName('be***84')).toBe('be***84');
    expect(maskWinnerName('bernardo84')).toBe('be***84');
    expect(maskWinnerName('ab')).toBe('a***');
  });

  it('cuts a hot list over 12 to 6 and keeps shorter ones whole', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(homeHotList(list(24))).toHaveLength(6);
    expect(homeHotList(list(13))).toHaveLength(6);
    expect(homeHotList(list(12))).toHaveLength(12);
    expect(homeHotList(list(3))).toHaveLength(3);
  });
});
