import { isApiError } from '@/api/api-error';

/**
 * The liability cap's refusal (`lottery_liability_cap`, docs/lottery.md): which line hit it and
 * the most stake it still takes, from the error's `data`; null for any other error.
 */
export function liabilityCapOf(
  error: unknown,
): { betType: string; selection: string; remainingStakeMinor: number } | null {
  if (!isApiError(error) || error.code !== 'lottery_liability_cap') return null;
  const { betType, selection, remainingStakeMinor } = error.data ?? {};
  if (typeof betType !== 'string' || typeof selection !== 'string') return null;
  if (typeof remainingStakeMinor !== 'number' || !Number.isFinite(remainingStakeMinor)) return null;
  return { betType, selection, remainingStakeMinor: Math.max(0, Math.floor(remainingStakeMinor)) };
}
