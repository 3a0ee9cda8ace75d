import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { liabilityCapOf } from './slip-errors';

describe('the liability cap’s refusal', () => {
  it('reads the line and what can still be staked from the error’s data', () => {
    const error = new ApiError('lottery_liability_cap', 'O limite…', 409, {
      betType: 'sum',
      selection: '0',
      remainingStakeMinor: 103,
    });
    expect(liabilityCapOf(error)).toEqual({
      betType: 'sum',
      selection: '0',
      remainingStakeMinor: 103,
    });
  });

  it('leaves other errors and incomplete data to the server’s message', () => {
    expect(liabilityCapOf(new ApiError('insufficient_balance', 'x', 400, {}))).toBeNull();
    expect(liabilityCapOf(new ApiError('lottery_liability_cap', 'x', 409))).toBeNull();
    expect(liabilityCapOf(new Error('x'))).toBeNull();
  });
});
