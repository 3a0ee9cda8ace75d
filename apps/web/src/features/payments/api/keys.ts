/** Query keys of the deposit page: channels, one deposit, the records. */
export const paymentsQueryKey = ['payments'] as const;
export const depositQueryKey = (id: number) => [...paymentsQueryKey, 'deposit', id] as const;
export const depositsQueryKey = [...paymentsQueryKey, 'deposits'] as const;
