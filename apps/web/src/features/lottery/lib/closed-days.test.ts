import { describe, expect, it } from 'vitest';
import { addDays, closedDayLabel, closedDayProblem, lastClosableDay } from './closed-days';

describe('closed days form', () => {
  const today = '2026-11-25';
  const ok = { day: '2027-02-06', reason: 'Tết' };

  it('accepts a day from today to a year and a day ahead with a reason', () => {
    expect(closedDayProblem(ok, today)).toBeNull();
    expect(closedDayProblem({ ...ok, day: today }, today)).toBeNull();
    expect(lastClosableDay(today)).toBe('2027-11-26');
    expect(closedDayProblem({ ...ok, day: '2027-11-26' }, today)).toBeNull();
  });

  it('names the first problem: the date, a past or far day, the reason', () => {
    expect(closedDayProblem({ ...ok, day: '' }, today)).toBe('day');
    expect(closedDayProblem({ ...ok, day: '2027-02-30' }, today)).toBe('day');
    expect(closedDayProblem({ ...ok, day: '06/02/2027' }, today)).toBe('day');
    expect(closedDayProblem({ ...ok, day: '2026-11-24' }, today)).toBe('past');
    expect(closedDayProblem({ ...ok, day: '2027-11-27' }, today)).toBe('far');
    expect(closedDayProblem({ ...ok, reason: '  ab  ' }, today)).toBe('reason');
    expect(closedDayProblem({ ...ok, reason: 'x'.repeat(201) }, today)).toBe('reason');
    expect(closedDayProblem({ day: '2026-11-24', reason: '' }, today)).toBe('past');
  });

  it('counts days across months and years without a zone shift, and labels a day', () => {
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(closedDayLabel('2027-02-06', 'pt-BR')).toBe('sáb., 06/02/2027');
    expect(closedDayLabel('2027-02-06', 'en')).toBe('Sat, 02/06/2027');
  });
});
