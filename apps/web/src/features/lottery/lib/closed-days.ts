import { LOTTERY_CLOSED_DAYS_AHEAD } from '@banca/contracts/lottery';

/**
 * The closed days' form rules (docs/lottery.md "Closed days"), checked before the call so the
 * desk can say what is wrong at once; the server checks them again and answers its codes.
 */

/** The reason's bounds: the server's (contracts `lotteryAddClosedDaySchema`, as a void's). */
export const CLOSED_DAY_REASON_MIN = 3;
export const CLOSED_DAY_REASON_MAX = 200;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` day `n` days later (or earlier): calendar arithmetic in UTC, no zone shift. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last day that may be closed, counted from the server's `today`. */
export const lastClosableDay = (today: string) => addDays(today, LOTTERY_CLOSED_DAYS_AHEAD);

export type ClosedDayProblem = 'day' | 'past' | 'far' | 'reason';

/** What is wrong with the form, first problem first, or null when the server may be asked. */
export function closedDayProblem(
  form: { day: string; reason: string },
  today: string,
): ClosedDayProblem | null {
  const at = Date.parse(`${form.day}T00:00:00Z`);
  if (!DAY_PATTERN.test(form.day) || !Number.isFinite(at)) return 'day';
  if (new Date(at).toISOString().slice(0, 10) !== form.day) return 'day';
  if (form.day < today) return 'past';
  if (form.day > lastClosableDay(today)) return 'far';
  const reason = form.reason.trim();
  if (reason.length < CLOSED_DAY_REASON_MIN || reason.length > CLOSED_DAY_REASON_MAX)
    return 'reason';
  return null;
}

/** A closed day as people read it: "sáb., 06/02/2027" (the date itself, in no zone). */
export function closedDayLabel(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
