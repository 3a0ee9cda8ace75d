import type { Balances } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { collectableMinor, walletByRecordName, walletsOf, withWalletBalances } from './balances';

const balances: Balances = {
  currency: 'BRL',
  currencySymbol: 'R$',
  isSingle: false,
  main: { accountTypeId: 0, vendorCode: null, name: 'main', balanceMinor: 100_000, balance: 1000 },
  vendors: [
    { accountTypeId: 1, vendorCode: 'AUL', name: 'Aurora Live', balanceMinor: 0, balance: 0 },
    { accountTypeId: 2, vendorCode: 'ARS', name: 'Arena Sports', balanceMinor: 500, balance: 5 },
  ],
  totalMinor: 100_500,
};

describe('wallet balances', () => {
  it('lists main first, then the vendor wallets', () => {
    expect(walletsOf(balances).map((wallet) => wallet.accountTypeId)).toEqual([0, 1, 2]);
  });

  it('applies both sides of a transfer and keeps the total', () => {
    const after = withWalletBalances(balances, [
      { accountTypeId: 0, balanceMinor: 74_950 },
      { accountTypeId: 1, balanceMinor: 25_050 },
    ]);
    expect(after.main).toMatchObject({ balanceMinor: 74_950, balance: 749.5 });
    expect(after.vendors[0]).toMatchObject({ balanceMinor: 25_050, balance: 250.5 });
    expect(after.vendors[1]?.balanceMinor).toBe(500);
    expect(after.totalMinor).toBe(100_500);
  });

  it('knows what collect-all would bring back and names wallets as the record does', () => {
    expect(collectableMinor(balances)).toBe(500);
    expect(walletByRecordName(balances, 'main')?.accountTypeId).toBe(0);
    expect(walletByRecordName(balances, 'ARS')?.name).toBe('Arena Sports');
    expect(walletByRecordName(balances, 'XYZ')).toBeUndefined();
  });
});
