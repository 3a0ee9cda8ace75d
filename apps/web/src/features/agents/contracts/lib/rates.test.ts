import { describe, expect, it } from 'vitest';
import { formatRate, parseTiers, percentToBp } from './rates';

describe('contract rates', () => {
  it('reads percentages with a dot or a comma, two decimals at most', () => {
    expect(percentToBp('1,5')).toBe(150);
    expect(percentToBp('0.25')).toBe(25);
    expect(percentToBp('12')).toBe(1200);
    expect(percentToBp('1.255')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
    expect(percentToBp('')).toBeNull();
    expect(formatRate(150, 'pt-BR')).toBe('1,50 %');
  });

  it('turns typed tiers into the offer’s, or names the first problem', () => {
    expect(
      parseTiers('realtime', [
        { threshold: '', rate: '0,5', lossRate: '0.2' },
        { threshold: '1000', rate: '0.8', lossRate: '0.3' },
      ]),
    ).toEqual({
      tiers: [
        { thresholdMinor: 0, rateBp: 50, lossRateBp: 20 },
        { thresholdMinor: 100_000, rateBp: 80, lossRateBp: 30 },
      ],
    });
    expect(
      parseTiers('daily', [
        { threshold: '100', rate: '1', lossRate: '' },
        { threshold: '200', rate: '1', lossRate: '' },
      ]),
    ).toEqual({ problem: { index: 1, field: 'threshold', key: 'notIncreasing' } });
    expect(parseTiers('realtime', [{ threshold: '0', rate: '1', lossRate: '' }])).toEqual({
      problem: { index: 0, field: 'lossRate', key: 'rate' },
    });
    expect(parseTiers('daily', [{ threshold: 'abc', rate: '1', lossRate: '' }])).toEqual({
      problem: { index: 0, field: 'threshold', key: 'amount' },
    });
  });
});
