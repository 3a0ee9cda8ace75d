/**
 * The account record's period (docs/product.md §9 date presets "previous 7 and 30 days", plus a
 * custom from–to), as calendar days in the brand's time zone, turned into the ISO 8601 instants
 * with offset that `GET /wps/wallet/transactions` takes. Whole days: a period starts at the first
 * day's midnight and ends (exclusive) at the midnight after its last day.
 */

export type PeriodPreset = 'last7' | 'last30' | 'custom';
export const PERIOD_PRESETS: readonly PeriodPreset[] = ['last7', 'last30', 'custom'];

/** Days each preset covers, today included. */
const PRESET_DAYS: Record<Exclude<PeriodPreset, 'custom'>, number> = { last7: 7, last30: 30 };

/** A calendar day, `yyyy-mm-dd` (what <input type="date"> holds). */
export type CalendarDay = string;

const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day `instant` falls on in `timeZone`. */
export function dayInZone(instant: Date, timeZone: string): CalendarDay {
  // en-CA formats dates as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** `day` moved by `days` calendar days (negative goes back). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

export function isCalendarDay(value: string): value is CalendarDay {
  return DAY_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/**
 * The zone's UTC offset on `day`, as "+hh:mm"/"-hh:mm". Read at midday UTC: zones move their
 * clocks at night, so midday gives the offset that holds for most of that day.
 */
export function offsetOn(day: CalendarDay, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name ?? '');
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

/** Midnight at the start of `day` in `timeZone`, as ISO 8601 with offset. */
export function startOfDay(day: CalendarDay, timeZone: string): string {
  return `${day}T00:00:00${offsetOn(day, timeZone)}`;
}

export type DayRange = { fromDay: CalendarDay; toDay: CalendarDay };
export type InstantRange = { from: string; to: string };

/** The days a preset covers, ending today (in the brand's zone). */
export function presetDays(
  preset: Exclude<PeriodPreset, 'custom'>,
  now: Date,
  timeZone: string,
): DayRange {
  const today = dayInZone(now, timeZone);
  return { fromDay: addDays(today, -(PRESET_DAYS[preset] - 1)), toDay: today };
}

/**
 * The query's `from` and `to` for whole days `fromDay`..`toDay`. The server decides whether
 * the range is acceptable (order, ≤ 90 days) and says why not in the player's language.
 */
export function instantRange(days: DayRange, timeZone: string): InstantRange {
  return {
    from: startOfDay(days.fromDay, timeZone),
    to: startOfDay(addDays(days.toDay, 1), timeZone),
  };
}
