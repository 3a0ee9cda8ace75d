import { MAX_CONTRACT_TIERS, type ContractKind, type ContractTier } from '@banca/contracts';
import { amountInputToMinor } from '@/lib/amount';

/** A rate as people type it: a percentage with at most two decimals ("1.5", "0,25"). */
const PERCENT_PATTERN = /^(?:0|[1-9]\d{0,2})(?:[.,]\d{1,2})?$/;

/** "1,50" or "1.5" → 150 basis points; null when it is not a percentage with ≤ 2 decimals. */
export function percentToBp(raw: string): number | null {
  const text = raw.trim();
  if (!PERCENT_PATTERN.test(text)) return null;
  return Math.round(Number(text.replace(',', '.')) * 100);
}

/** 150 → "1.50 %" in the reader's language. */
export function formatRate(bp: number, language: string): string {
  return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bp / 100)} %`;
}

/** A tier as the form holds it: what was typed. */
export type TierInput = { threshold: string; rate: string; lossRate: string };
export const emptyTier = (): TierInput => ({ threshold: '', rate: '', lossRate: '' });

export type TierProblem = { index: number; field: keyof TierInput; key: TierProblemKey };
export type TierProblemKey = 'amount' | 'rate' | 'notIncreasing' | 'tooMany';

/**
 * The typed tiers as the offer sends them, or the first problem: each threshold an amount,
 * each rate a percentage, and each tier above the one before (the server checks the same, and
 * the rate ceilings, which differ per kind).
 */
export function parseTiers(
  kind: ContractKind,
  inputs: readonly TierInput[],
): { tiers: ContractTier[] } | { problem: TierProblem } {
  if (inputs.length > MAX_CONTRACT_TIERS)
    return { problem: { index: MAX_CONTRACT_TIERS, field: 'threshold', key: 'tooMany' } };
  const tiers: ContractTier[] = [];
  for (const [index, input] of inputs.entries()) {
    const thresholdMinor = /^[0.,\s]*$/.test(input.threshold)
      ? 0
      : amountInputToMinor(input.threshold);
    if (thresholdMinor === null) return { problem: { index, field: 'threshold', key: 'amount' } };
    const rateBp = percentToBp(input.rate);
    if (rateBp === null || rateBp <= 0) return { problem: { index, field: 'rate', key: 'rate' } };
    const tier: ContractTier = { thresholdMinor, rateBp };
    if (kind === 'realtime') {
      const lossRateBp = percentToBp(input.lossRate);
      if (lossRateBp === null || lossRateBp <= 0)
        return { problem: { index, field: 'lossRate', key: 'rate' } };
      tier.lossRateBp = lossRateBp;
    }
    const before = tiers[index - 1];
    if (
      before &&
      (tier.thresholdMinor <= before.thresholdMinor ||
        tier.rateBp <= before.rateBp ||
        (kind === 'realtime' && (tier.lossRateBp ?? 0) <= (before.lossRateBp ?? 0)))
    )
      return { problem: { index, field: 'threshold', key: 'notIncreasing' } };
    tiers.push(tier);
  }
  return { tiers };
}
