/**
 * Periods of periodic jobs, cut on the wall clock of a time zone (the brand's,
 * docs/architecture.md): a 5-minute job has periods 10:00–10:05, 10:05–10:10…; a daily job has
 * local days.
 */

/** How often a periodic job runs: every N minutes (N dividing an hour or a day), hourly, daily. */
export type Every = 'minute' | `${number} minutes` | 'hour' | `${number} hours` | 'day';

export type Period = {
  /** `YYYY-MM-DDTHH:mm` (or `YYYY-MM-DD` for daily jobs): the period's start on the local clock. */
  label: string;
  startUtc: Date;
  /** Exclusive. */
  endUtc: Date;
};

const MINUTES_PER_DAY = 1440;
const MINUTE_MS = 60_000;

/** Minutes per period; throws on a length that does not divide an hour or a day evenly. */
export function periodMinutes(every: Every): number {
  if (every === 'minute') return 1;
  if (every === 'hour') return 60;
  if (every === 'day') return MINUTES_PER_DAY;
  const match = /^(\d+) (minutes|hours)$/.exec(every);
  const minutes = match ? Number(match[1]) * (match[2] === 'hours' ? 60 : 1) : NaN;
  // Periods must tile the day identically every day, or a label would name different spans.
  if (
    !Number.isInteger(minutes) ||
    minutes < 1 ||
    MINUTES_PER_DAY % minutes !== 0 ||
    (minutes < 60 && 60 % minutes !== 0)
  )
    throw new Error(`unsupported job period "${every}"`);
  return minutes;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function localParts(at: Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return parts;
}

/**
 * The period containing `at`: it starts at the instant the local clock shows the period's
 * start, so a day with a clock change lasts 23 or 25 hours.
 */
export function periodAt(every: Every, timeZone: string, at: Date): Period {
  const minutes = periodMinutes(every);
  const { startUtc, date, startMinute } = periodStart(minutes, timeZone, at);
  if (minutes === MINUTES_PER_DAY) {
    // A local day may be 23 or 25 hours: the end is the start of the day 25 hours on.
    const next = periodStart(minutes, timeZone, new Date(startUtc.getTime() + 25 * 60 * MINUTE_MS));
    return { label: date, startUtc, endUtc: next.startUtc };
  }
  const hh = String(Math.floor(startMinute / 60)).padStart(2, '0');
  const mm = String(startMinute % 60).padStart(2, '0');
  return {
    label: `${date}T${hh}:${mm}`,
    startUtc,
    endUtc: new Date(startUtc.getTime() + minutes * MINUTE_MS),
  };
}

function periodStart(minutes: number, timeZone: string, at: Date) {
  const parts = localParts(at, timeZone);
  const minuteOfDay = Number(parts.hour) * 60 + Number(parts.minute);
  const startMinute = minuteOfDay - (minuteOfDay % minutes);
  // The local wall-clock start, written as if it were UTC; then the instant showing it.
  const wantedLocalMs =
    Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) +
    startMinute * MINUTE_MS;
  return {
    startUtc: new Date(instantShowing(wantedLocalMs, timeZone, at.getTime())),
    date: `${parts.year}-${parts.month}-${parts.day}`,
    startMinute,
  };
}

/**
 * The instant whose local clock in `timeZone` reads `localAsUtcMs`, searched from `nearMs`: the
 * zone's offset depends on the instant, so it is corrected until it agrees (twice at most
 * beside a clock change). A local time that a change skips has no such instant: the last guess,
 * within the size of the change, is returned.
 */
function instantShowing(localAsUtcMs: number, timeZone: string, nearMs: number): number {
  let guessMs = nearMs - (localClockMs(nearMs, timeZone) - localAsUtcMs);
  for (let i = 0; i < 3; i += 1) {
    const errorMs = localClockMs(guessMs, timeZone) - localAsUtcMs;
    if (errorMs === 0) break;
    guessMs -= errorMs;
  }
  return guessMs;
}

/** The local clock reading of an instant, written as if it were UTC (milliseconds kept). */
function localClockMs(atMs: number, timeZone: string): number {
  const p = localParts(new Date(atMs), timeZone);
  return (
    Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    ) +
    (((atMs % 1000) + 1000) % 1000)
  );
}

/** The last `count` periods that ended at or before `at`, newest first. */
export function closedPeriods(every: Every, timeZone: string, at: Date, count: number): Period[] {
  const periods: Period[] = [];
  let current = periodAt(every, timeZone, at);
  for (let i = 0; i < count; i += 1) {
    current = periodAt(every, timeZone, new Date(current.startUtc.getTime() - 1));
    periods.push(current);
  }
  return periods;
}

/** The period a label names (the inverse of periodAt's label), or undefined if none does. */
export function periodOfLabel(every: Every, timeZone: string, label: string): Period | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?$/.exec(label);
  if (!match) return undefined;
  const labelAsUtcMs = Date.parse(`${match[1]}T${match[2] ?? '00:00'}:00Z`);
  if (Number.isNaN(labelAsUtcMs)) return undefined;
  const startMs = instantShowing(labelAsUtcMs, timeZone, labelAsUtcMs);
  const period = periodAt(every, timeZone, new Date(startMs));
  return period.label === label ? period : undefined;
}
