/**
 * Under the member key (['member']): logging out or in drops the wallet with the rest of the
 * member's data. Balances carry no translated text, so the language is not part of the keys.
 * A file of its own, free of schemas, so the wallet's index can use the keys without bringing
 * the API modules (and zod) into the first page's script.
 */
export const walletQueryKey = ['member', 'wallet'] as const;
export const balancesQueryKey = [...walletQueryKey, 'balances'] as const;
