import { describe, expect, it } from 'vitest';
import { memberPageAllowsTrial, resolveMemberPage } from './member-pages';

describe('resolveMemberPage', () => {
  it('opens the page named by ?page=', () => {
    expect(resolveMemberPage('withdraw', false)).toBe('withdraw');
    expect(resolveMemberPage('depositv2', true)).toBe('depositv2');
  });

  it('falls back to my account for an unknown or missing page', () => {
    expect(resolveMemberPage('nope', true)).toBe('securityCenter');
    expect(resolveMemberPage(null, true)).toBe('securityCenter');
  });

  it('opens manual rebate only when its module is enabled', () => {
    expect(resolveMemberPage('manualRebate', true)).toBe('manualRebate');
    expect(resolveMemberPage('manualRebate', false)).toBe('securityCenter');
  });

  it('lets trial members into their wallet, account record and bets only', () => {
    expect(memberPageAllowsTrial('transferFund')).toBe(true);
    expect(memberPageAllowsTrial('transactionHistory')).toBe(true);
    expect(memberPageAllowsTrial('personalHistoryCopy')).toBe(true);
    expect(memberPageAllowsTrial('personalProfit')).toBe(true);
    expect(memberPageAllowsTrial('bonusDetails')).toBe(false);
    expect(memberPageAllowsTrial('securityCenter')).toBe(false);
    expect(memberPageAllowsTrial(null)).toBe(false);
  });
});
