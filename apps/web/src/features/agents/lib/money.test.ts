import { describe, expect, it } from 'vitest';
import { formatSigned, toneOf } from './money';

describe('agent figures', () => {
  it('signs a P&L figure', () => {
    expect(formatSigned(500, 'BRL', 'en')).toMatch(/^\+R\$\s?5\.00$/);
    expect(formatSigned(-3000, 'BRL', 'en')).toMatch(/^−R\$\s?30\.00$/);
    expect(formatSigned(0, 'BRL', 'en')).toMatch(/^R\$\s?0\.00$/);
  });

  it('shows the players’ losses as the team’s gain', () => {
    expect(toneOf(-1)).toBe('up');
    expect(toneOf(1)).toBe('down');
    expect(toneOf(0)).toBe('flat');
  });
});
