import { describe, expect, it } from 'vitest';
import { abuseOf } from '../referral/service';
import { leaderboardWindow, maskName } from './service';
import { MISSION_CLAIM_GRACE_MS, windowState } from './window';

const ZONE = 'America/Sao_Paulo';

describe('the leaderboard window', () => {
  it('is the week from Monday 00:00 in the brand’s zone', () => {
    // Sunday 2026-11-29 23:30 in São Paulo (UTC−3) is still the week of Monday the 23rd.
    const { from, to } = leaderboardWindow('week', new Date('2026-11-30T02:30:00Z'), ZONE);
    expect(from.toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-30T03:00:00.000Z');
  });

  it('is the calendar month, December rolling into January', () => {
    const { from, to } = leaderboardWindow('month', new Date('2026-12-15T12:00:00Z'), ZONE);
    expect(from.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(to.toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });
});

describe('names on the leaderboard', () => {
  it('hide all but the first two characters and the last', () => {
    expect(maskName('joaosilva9')).toBe('jo***9');
    expect(maskName('ana')).toBe('a***');
  });
});

describe('referral anti-abuse', () => {
  const referrer = {
    id_number: '529.982.247-25',
    registration_device: 'device-a',
    registration_ip: '203.0.113.7',
  };
  const stranger = {
    id_number: null,
    registration_device: 'device-b',
    registration_ip: '198.51.100.2',
  };

  it('blocks the referrer’s CPF however it is written, device and address', () => {
    expect(abuseOf(referrer, { ...stranger, id_number: '52998224725' }, true)).toBe('same_cpf');
    expect(abuseOf(referrer, { ...stranger, registration_device: 'device-a' }, true)).toBe(
      'same_device',
    );
    expect(abuseOf(referrer, { ...stranger, registration_ip: '203.0.113.7' }, true)).toBe(
      'same_ip',
    );
    expect(abuseOf(referrer, stranger, true)).toBeNull();
  });

  it('lets the same address through when the brand turned that rule off', () => {
    expect(abuseOf(referrer, { ...stranger, registration_ip: '203.0.113.7' }, false)).toBeNull();
  });

  it('never matches two members without a CPF or device', () => {
    const blank = { id_number: null, registration_device: null, registration_ip: null };
    expect(abuseOf(blank, blank, true)).toBeNull();
  });
});

describe('a mission’s own window', () => {
  const starts_at = new Date('2026-12-01T03:00:00Z');
  const ends_at = new Date('2026-12-08T03:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('is upcoming before its start, active from it, ended from its end through the grace', () => {
    const w = { starts_at, ends_at };
    expect(windowState(w, at('2026-12-01T02:59:59Z'))).toBe('upcoming');
    expect(windowState(w, starts_at)).toBe('active');
    expect(windowState(w, at('2026-12-08T02:59:59Z'))).toBe('active');
    expect(windowState(w, ends_at)).toBe('ended');
    const graceEnd = new Date(ends_at.getTime() + MISSION_CLAIM_GRACE_MS);
    expect(windowState(w, new Date(graceEnd.getTime() - 1))).toBe('ended');
    expect(windowState(w, graceEnd)).toBe('closed');
  });

  it('leaves a side open when it has no date', () => {
    expect(windowState({ starts_at: null, ends_at: null }, at('2000-01-01T00:00:00Z'))).toBe(
      'active',
    );
    expect(windowState({ starts_at: null, ends_at }, at('2026-01-01T00:00:00Z'))).toBe('active');
    expect(windowState({ starts_at, ends_at: null }, at('2099-01-01T00:00:00Z'))).toBe('active');
  });
});
