/** Query keys of the withdraw page: the overview (limits, identity, keys) and the records. */
export const withdrawQueryKey = ['withdraw'] as const;
export const withdrawOverviewQueryKey = [...withdrawQueryKey, 'overview'] as const;
export const withdrawalsQueryKey = [...withdrawQueryKey, 'records'] as const;
