import { describe, expect, it } from 'vitest';
import { periodKeyOf, sanitizeBody } from './rules';

const ZONE = 'America/Sao_Paulo';

describe('promotion periods in the brand’s zone', () => {
  it('cuts days, weeks from Monday, half months and months at local midnight', () => {
    // 02:30 UTC on Monday 2026-11-23 is still Sunday 22 in São Paulo (UTC−3).
    const sundayNight = new Date('2026-11-23T02:30:00Z');
    const mondayMorning = new Date('2026-11-23T03:30:00Z');
    expect(periodKeyOf('daily', sundayNight, ZONE)).toBe('2026-11-22');
    expect(periodKeyOf('daily', mondayMorning, ZONE)).toBe('2026-11-23');
    expect(periodKeyOf('weekly', sundayNight, ZONE)).toBe('w2026-11-16');
    expect(periodKeyOf('weekly', mondayMorning, ZONE)).toBe('w2026-11-23');
    expect(periodKeyOf('semimonthly', new Date('2026-11-15T12:00:00Z'), ZONE)).toBe('2026-11-a');
    expect(periodKeyOf('semimonthly', new Date('2026-11-16T12:00:00Z'), ZONE)).toBe('2026-11-b');
    expect(periodKeyOf('monthly', new Date('2026-12-01T02:00:00Z'), ZONE)).toBe('2026-11');
    expect(periodKeyOf('once', mondayMorning, ZONE)).toBe('once');
  });
});

describe('promotion bodies', () => {
  it('keep formatting and links, lose scripts, handlers, styles and images', () => {
    const clean = sanitizeBody(
      '<h3 style="color:red">Regras</h3><p onclick="x()">Leia <a href="https://x.example">aqui</a>' +
        '<img src="https://t.example/p.gif"><script>alert(1)</script></p><a href="javascript:alert(1)">y</a>',
    );
    expect(clean).toBe(
      '<h3>Regras</h3><p>Leia <a href="https://x.example" target="_blank" rel="noopener noreferrer">aqui</a></p><a target="_blank" rel="noopener noreferrer">y</a>',
    );
  });
});
