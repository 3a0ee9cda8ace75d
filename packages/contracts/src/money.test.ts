import { describe, expect, it } from 'vitest';
import { formatMoney, formatWholeMoney } from './money';

describe('formatMoney', () => {
  it('writes what a fresh Intl.NumberFormat writes, in each language and currency', () => {
    for (const language of ['pt-BR', 'en']) {
      for (const currency of ['BRL', 'USD']) {
        const fresh = new Intl.NumberFormat(language, {
          style: 'currency',
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        for (const minor of [0, 1, 99, 100, 123_450, -250_50, 1_000_000_000_01]) {
          expect(formatMoney(minor, currency, language)).toBe(fresh.format(minor / 100));
        }
      }
    }
  });

  it('keeps each format apart: whole amounts, and a currency after another', () => {
    expect(formatMoney(1_000, 'BRL', 'pt-BR')).toMatch(/^R\$\s10,00$/);
    expect(formatWholeMoney(1_000, 'BRL', 'pt-BR')).toMatch(/^R\$\s10$/);
    expect(formatMoney(1_000, 'USD', 'en')).toBe('$10.00');
    expect(formatMoney(1_000, 'BRL', 'en')).toBe('R$10.00');
  });
});
