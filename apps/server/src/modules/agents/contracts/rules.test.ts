import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors';
import { checkTiers, dividendPeriodEnding, exceeds, payoutOf } from './rules';

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return null;
};

describe('contract tiers', () => {
  it('takes tiers that rise in threshold and rate, and gives the top rates', () => {
    expect(
      checkTiers('realtime', [
        { thresholdMinor: 0, rateBp: 50, lossRateBp: 20 },
        { thresholdMinor: 1000, rateBp: 80, lossRateBp: 30 },
      ]),
    ).toEqual({ topRateBp: 80, topLossRateBp: 30 });
    expect(checkTiers('dividend', [{ thresholdMinor: 0, rateBp: 10_000 }])).toEqual({
      topRateBp: 10_000,
      topLossRateBp: 0,
    });
  });

  it('refuses a tier not above the one before, a rate out of bounds, a missing loss wage', () => {
    const rising = (a: number, b: number) => [
      { thresholdMinor: 0, rateBp: a, lossRateBp: 10 },
      { thresholdMinor: 100, rateBp: b, lossRateBp: 20 },
    ];
    expect(codeOf(() => checkTiers('realtime', rising(50, 50)))).toBe(
      'contract_tiers_not_increasing',
    );
    expect(
      codeOf(() =>
        checkTiers('daily', [
          { thresholdMinor: 5, rateBp: 10 },
          { thresholdMinor: 5, rateBp: 20 },
        ]),
      ),
    ).toBe('contract_tiers_not_increasing');
    expect(
      codeOf(() =>
        checkTiers('realtime', [
          { thresholdMinor: 0, rateBp: 10, lossRateBp: 30 },
          { thresholdMinor: 9, rateBp: 20, lossRateBp: 30 },
        ]),
      ),
    ).toBe('contract_tiers_not_increasing');
    expect(codeOf(() => checkTiers('daily', [{ thresholdMinor: 0, rateBp: 501 }]))).toBe(
      'contract_rate_out_of_bounds',
    );
    expect(codeOf(() => checkTiers('hourly', [{ thresholdMinor: 0, rateBp: 0 }]))).toBe(
      'contract_rate_out_of_bounds',
    );
    expect(codeOf(() => checkTiers('realtime', [{ thresholdMinor: 0, rateBp: 10 }]))).toBe(
      'contract_loss_rate_required',
    );
  });

  it('compares each wage of a real-time salary apart', () => {
    expect(
      exceeds({ topRateBp: 50, topLossRateBp: 40 }, { topRateBp: 80, topLossRateBp: 30 }),
    ).toBe(true);
    expect(
      exceeds({ topRateBp: 80, topLossRateBp: 30 }, { topRateBp: 80, topLossRateBp: 30 }),
    ).toBe(false);
  });
});

describe('what a period pays', () => {
  const team = {
    validBetMinor: 10_000_00,
    wonBetMinor: 4_000_00,
    lostBetMinor: 6_000_00,
    profitLossMinor: -2_500_00,
    activeMembers: 3,
  };
  const tiers = [
    { thresholdMinor: 0, rateBp: 100, lossRateBp: 50 },
    { thresholdMinor: 5_000_00, rateBp: 200, lossRateBp: 120 },
    { thresholdMinor: 50_000_00, rateBp: 300, lossRateBp: 200 },
  ];

  it('real-time: the reached tier’s profit wage on bets won, loss wage on bets lost', () => {
    expect(payoutOf({ kind: 'realtime', minActiveMembers: 0, tiers }, team)).toEqual({
      rateBp: 200,
      lossRateBp: 120,
      amountMinor: (4_000_00 * 200 + 6_000_00 * 120) / 10_000,
      status: 'paid',
    });
  });

  it('daily and hourly salary: the tier’s rate on valid bets, only with enough active members', () => {
    const daily = { kind: 'daily' as const, minActiveMembers: 3, tiers };
    expect(payoutOf(daily, team).amountMinor).toBe(200_00);
    expect(payoutOf({ ...daily, minActiveMembers: 4 }, team).status).toBe('below_threshold');
    expect(
      payoutOf({ ...daily, tiers: [{ thresholdMinor: 20_000_00, rateBp: 100 }] }, team).amountMinor,
    ).toBe(0);
  });

  it('dividend: a share of the team’s loss, nothing when the players won; rounded down', () => {
    const dividend = {
      kind: 'dividend' as const,
      minActiveMembers: 0,
      tiers: [{ thresholdMinor: 1_000_00, rateBp: 3_333 }],
    };
    expect(payoutOf(dividend, team).amountMinor).toBe(Math.floor((2_500_00 * 3_333) / 10_000));
    expect(payoutOf(dividend, { ...team, profitLossMinor: 1 }).status).toBe('below_threshold');
    expect(payoutOf(dividend, { ...team, profitLossMinor: -999_99 }).status).toBe(
      'below_threshold',
    );
  });
});

describe('dividend periods', () => {
  it('end on Sundays, the 15th and last day, and the month’s last day', () => {
    expect(dividendPeriodEnding('weekly', '2026-11-22')).toEqual({
      firstDay: '2026-11-16',
      label: 'weekly:2026-11-16',
    });
    expect(dividendPeriodEnding('weekly', '2026-11-21')).toBeUndefined();
    expect(dividendPeriodEnding('semimonthly', '2026-11-15')?.firstDay).toBe('2026-11-01');
    expect(dividendPeriodEnding('semimonthly', '2026-02-28')?.firstDay).toBe('2026-02-16');
    expect(dividendPeriodEnding('semimonthly', '2026-11-16')).toBeUndefined();
    expect(dividendPeriodEnding('monthly', '2026-12-31')?.label).toBe('monthly:2026-12-01');
    expect(dividendPeriodEnding('monthly', '2026-12-30')).toBeUndefined();
    expect(dividendPeriodEnding('daily', '2026-12-30')?.label).toBe('daily:2026-12-30');
  });
});
