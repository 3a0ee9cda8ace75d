import { describe, expect, it } from 'vitest';
import { closedPeriods, periodAt, periodOfLabel } from './job-periods';

describe('job periods', () => {
  it('cuts N-minute, hourly and daily periods on the local clock', () => {
    const at = new Date('2026-11-22T10:07:42.500Z');
    expect(periodAt('5 minutes', 'UTC', at)).toEqual({
      label: '2026-11-22T10:05',
      startUtc: new Date('2026-11-22T10:05:00Z'),
      endUtc: new Date('2026-11-22T10:10:00Z'),
    });
    // India is UTC+05:30: its hours start at half past in UTC.
    expect(periodAt('hour', 'Asia/Kolkata', at)).toEqual({
      label: '2026-11-22T15:00',
      startUtc: new Date('2026-11-22T09:30:00Z'),
      endUtc: new Date('2026-11-22T10:30:00Z'),
    });
    expect(periodAt('day', 'America/Sao_Paulo', new Date('2026-11-22T02:59:59Z'))).toEqual({
      label: '2026-11-21',
      startUtc: new Date('2026-11-21T03:00:00Z'),
      endUtc: new Date('2026-11-22T03:00:00Z'),
    });
  });

  it('gives 23- and 25-hour days where the zone changes its clocks', () => {
    const spring = periodAt('day', 'Europe/Lisbon', new Date('2026-03-29T12:00:00Z'));
    expect(spring.endUtc.getTime() - spring.startUtc.getTime()).toBe(23 * 3_600_000);
    const autumn = periodAt('day', 'Europe/Lisbon', new Date('2026-10-25T12:00:00Z'));
    expect(autumn.endUtc.getTime() - autumn.startUtc.getTime()).toBe(25 * 3_600_000);
  });

  it('lists the closed periods newest first, and finds a period by its label', () => {
    const closed = closedPeriods('minute', 'UTC', new Date('2026-11-22T10:07:30Z'), 3);
    expect(closed.map((p) => p.label)).toEqual([
      '2026-11-22T10:06',
      '2026-11-22T10:05',
      '2026-11-22T10:04',
    ]);
    for (const zone of ['UTC', 'America/Sao_Paulo', 'Asia/Kolkata']) {
      const period = periodAt('15 minutes', zone, new Date('2026-11-22T10:07:30Z'));
      expect(periodOfLabel('15 minutes', zone, period.label)).toEqual(period);
    }
    expect(periodOfLabel('15 minutes', 'UTC', '2026-11-22T10:07')).toBeUndefined();
    expect(periodOfLabel('day', 'UTC', 'yesterday')).toBeUndefined();
  });
});
