import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInZone,
  instantRange,
  isCalendarDay,
  offsetOn,
  presetDays,
} from './date-range';

const SAO_PAULO = 'America/Sao_Paulo';

describe('calendar days in the brand’s zone', () => {
  it('knows that 01:30 UTC is still the previous day in São Paulo', () => {
    expect(dayInZone(new Date('2026-03-10T01:30:00Z'), SAO_PAULO)).toBe('2026-03-09');
    expect(dayInZone(new Date('2026-03-10T03:00:00Z'), SAO_PAULO)).toBe('2026-03-10');
  });

  it('moves across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads the zone’s offset', () => {
    expect(offsetOn('2026-06-01', SAO_PAULO)).toBe('-03:00');
    expect(offsetOn('2026-06-01', 'UTC')).toBe('+00:00');
    expect(offsetOn('2026-06-01', 'Asia/Kolkata')).toBe('+05:30');
  });

  it('checks date-input values', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('')).toBe(false);
    expect(isCalendarDay('28/02/2026')).toBe(false);
  });
});

describe('periods', () => {
  const now = new Date('2026-11-22T02:00:00Z'); // 21 Nov, 23:00 in São Paulo

  it('covers the previous 7 and 30 days, today included', () => {
    expect(presetDays('last7', now, SAO_PAULO)).toEqual({
      fromDay: '2026-11-15',
      toDay: '2026-11-21',
    });
    expect(presetDays('last30', now, SAO_PAULO)).toEqual({
      fromDay: '2026-10-23',
      toDay: '2026-11-21',
    });
  });

  it('asks for whole days, from the first midnight to the midnight after the last day', () => {
    expect(instantRange({ fromDay: '2026-11-15', toDay: '2026-11-21' }, SAO_PAULO)).toEqual({
      from: '2026-11-15T00:00:00-03:00',
      to: '2026-11-22T00:00:00-03:00',
    });
  });
});
