import { minorToMajor, type Balances, type WalletBalance } from '@banca/contracts';

/** Every wallet of the member, main first (the order the wallet page shows them in). */
export function walletsOf(balances: Balances): WalletBalance[] {
  return [balances.main, ...balances.vendors];
}

export function walletById(balances: Balances, accountTypeId: number): WalletBalance | undefined {
  return walletsOf(balances).find((wallet) => wallet.accountTypeId === accountTypeId);
}

/** The record names a wallet by `main` or its vendor code. */
export function walletByRecordName(balances: Balances, name: string): WalletBalance | undefined {
  return name === 'main'
    ? balances.main
    : balances.vendors.find((wallet) => wallet.vendorCode === name);
}

/** Money the vendor wallets hold, which "collect all" would bring back to main. */
export function collectableMinor(balances: Balances): number {
  return balances.vendors.reduce((sum, wallet) => sum + wallet.balanceMinor, 0);
}

/**
 * Balances with some wallets set to what the ledger answered (a transfer's two sides, or the
 * balance an insufficient_funds refusal reported), the total summed again.
 */
export function withWalletBalances(
  balances: Balances,
  updates: readonly { accountTypeId: number; balanceMinor: number }[],
): Balances {
  const apply = (wallet: WalletBalance): WalletBalance => {
    const update = updates.find((candidate) => candidate.accountTypeId === wallet.accountTypeId);
    return update
      ? { ...wallet, balanceMinor: update.balanceMinor, balance: minorToMajor(update.balanceMinor) }
      : wallet;
  };
  const main = apply(balances.main);
  const vendors = balances.vendors.map(apply);
  return {
    ...balances,
    main,
    vendors,
    totalMinor: main.balanceMinor + vendors.reduce((sum, wallet) => sum + wallet.balanceMinor, 0),
  };
}
