import { CASHBACK_PERIODS, type CashbackPeriodKind } from '@banca/contracts';

export { CASHBACK_PERIODS, type CashbackPeriodKind };

/**
 * One cashback period of a brand, as calendar days of its time zone (yyyy-mm-dd, both
 * included): a day, a week from Monday to Sunday, or a calendar month.
 */
export type CashbackPeriod = {
  kind: CashbackPeriodKind;
  firstDay: string;
  lastDay: string;
  /** Names the period in the payout rows' unique key: `day:2026-11-23`, `week:2026-11-23`, `month:2026-11`. */
  key: string;
};

/** The calendar day `days` after `day` (yyyy-mm-dd). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The period of `kind` that `day` belongs to. */
export function periodOfDay(kind: CashbackPeriodKind, day: string): CashbackPeriod {
  if (kind === 'day') return { kind, firstDay: day, lastDay: day, key: `day:${day}` };
  if (kind === 'week') {
    const sinceMonday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
    const monday = addDays(day, -sinceMonday);
    return { kind, firstDay: monday, lastDay: addDays(monday, 6), key: `week:${monday}` };
  }
  const month = day.slice(0, 7);
  const next = new Date(`${month}-01T12:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = addDays(next.toISOString().slice(0, 10), -1);
  return { kind, firstDay: `${month}-01`, lastDay, key: `month:${month}` };
}

/**
 * The period that ended when `today` began, if one did: every midnight ends a day, Monday's a
 * week, the 1st's a month.
 */
export function periodEndedBy(kind: CashbackPeriodKind, today: string): CashbackPeriod | null {
  const period = periodOfDay(kind, addDays(today, -1));
  return period.lastDay === addDays(today, -1) ? period : null;
}

/**
 * The ledger key of a member's payout of a period. Daily keys keep the form they had before
 * weeks and months (`cashback:<day>:<member>`), so a day paid before cannot be paid again.
 */
export function cashbackLedgerKey(period: CashbackPeriod, memberId: number): string {
  const name = period.kind === 'day' ? period.firstDay : period.key;
  return `cashback:${name}:${memberId}`;
}

/** The period a payout row's key names (`week:2026-11-23` → that week). */
export function periodOfKey(key: string): CashbackPeriod | null {
  const [kind, start] = key.split(':');
  if (!start || !CASHBACK_PERIODS.includes(kind as CashbackPeriodKind)) return null;
  return periodOfDay(kind as CashbackPeriodKind, kind === 'month' ? `${start}-01` : start);
}
