import { amountInputToMinor } from '@/lib/amount';

export type AmountCheck =
  { ok: true; minor: number } | { ok: false; reason: 'required' | 'invalid' | 'out_of_range' };

/**
 * The amount box against the channel's limits, before anything is sent: empty, unreadable or
 * sub-centavo text, and amounts outside [min, max], each with its own message. The server
 * checks the same again (deposit_amount_out_of_range).
 */
export function checkDepositAmount(raw: string, minMinor: number, maxMinor: number): AmountCheck {
  if (raw.trim() === '') return { ok: false, reason: 'required' };
  const minor = amountInputToMinor(raw);
  if (minor === null) return { ok: false, reason: 'invalid' };
  if (minor < minMinor || minor > maxMinor) return { ok: false, reason: 'out_of_range' };
  return { ok: true, minor };
}
