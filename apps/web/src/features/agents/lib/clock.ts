/**
 * The agent centre's clock (docs/product.md: a GMT offset and a clock that updates every
 * second), shown in the brand's time zone so every agent of the brand reads the same hour the
 * reports' days are cut at.
 */

/** "GMT-03:00" for a time zone at a moment (offsets change with daylight saving). */
export function gmtOffset(timeZone: string, at: Date): string {
  const minutes = offsetMinutes(timeZone, at);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  return `GMT${sign}${hours}:${String(abs % 60).padStart(2, '0')}`;
}

/** Minutes the zone is ahead of UTC at that moment (negative west of Greenwich). */
export function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** "2026-11-24 11:05:09" in the zone: the clock's face. */
export function clockFace(timeZone: string, at: Date): string {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(at);
  return text;
}
