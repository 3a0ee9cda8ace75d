import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown';
import { checkDepositAmount } from './deposit-amount';

describe('the expiry countdown', () => {
  it('counts whole seconds down to zero and never below', () => {
    const expiresAt = '2026-11-24T12:15:00.000Z';
    expect(secondsLeft(expiresAt, Date.parse('2026-11-24T12:00:00.000Z'))).toBe(900);
    expect(secondsLeft(expiresAt, Date.parse('2026-11-24T12:14:59.400Z'))).toBe(1);
    expect(secondsLeft(expiresAt, Date.parse('2026-11-24T12:16:00.000Z'))).toBe(0);
  });

  it('writes minutes and seconds, hours when there are any', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(86_399)).toBe('23:59:59');
  });
});

describe('the deposit amount', () => {
  it('reads what people type in either language and keeps it within the channel', () => {
    expect(checkDepositAmount('50', 1_000, 5_000_000)).toEqual({ ok: true, minor: 5_000 });
    expect(checkDepositAmount('1.234,56', 1_000, 5_000_000)).toEqual({ ok: true, minor: 123_456 });
    expect(checkDepositAmount('R$ 10,00', 1_000, 5_000_000)).toEqual({ ok: true, minor: 1_000 });
    expect(checkDepositAmount('', 1_000, 5_000_000)).toEqual({ ok: false, reason: 'required' });
    expect(checkDepositAmount('10,005', 1_000, 5_000_000)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkDepositAmount('abc', 1_000, 5_000_000)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkDepositAmount('9,99', 1_000, 5_000_000)).toEqual({
      ok: false,
      reason: 'out_of_range',
    });
    expect(checkDepositAmount('50.000,01', 1_000, 5_000_000)).toEqual({
      ok: false,
      reason: 'out_of_range',
    });
  });
});
