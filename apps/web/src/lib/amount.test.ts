import { CANONICAL_AMOUNT_PATTERN } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import {
  amountInputToMinor,
  minorToAmountInput,
  minorToAmountParam,
  normaliseAmountInput,
} from './amount';

describe('normaliseAmountInput', () => {
  it('reads the pt-BR decimal comma', () => {
    expect(normaliseAmountInput('12,50')).toBe('12.50');
    expect(normaliseAmountInput('250,5')).toBe('250.5');
    expect(normaliseAmountInput('1.234,56')).toBe('1234.56');
    expect(normaliseAmountInput('1.000.000')).toBe('1000000');
    expect(normaliseAmountInput('R$ 1.000,00')).toBe('1000.00');
  });

  it('reads the English decimal point', () => {
    expect(normaliseAmountInput('12.50')).toBe('12.50');
    expect(normaliseAmountInput('1,234.56')).toBe('1234.56');
    expect(normaliseAmountInput(' 10 ')).toBe('10');
  });

  it('writes the one canonical spelling the server takes: no spaces, no leading zeros', () => {
    expect(normaliseAmountInput('007')).toBe('7');
    expect(normaliseAmountInput('00,50')).toBe('0.50');
    expect(normaliseAmountInput('0,5')).toBe('0.5');
    expect(normaliseAmountInput('000')).toBe('0');
    expect(normaliseAmountInput('\u00a0 012.345,6 ')).toBe('12345.6');
    for (const typed of ['007', '00,50', ' 1 ', 'R$ 0.010,00', '1.234,56', '12.5', '0,01']) {
      const text = normaliseAmountInput(typed)!;
      expect(CANONICAL_AMOUNT_PATTERN.test(text), `${typed} → ${text}`).toBe(true);
      const minor = amountInputToMinor(typed)!;
      expect(minor, typed).toBeGreaterThan(0);
      expect(CANONICAL_AMOUNT_PATTERN.test(minorToAmountParam(minor)), typed).toBe(true);
    }
  });

  it('refuses what it would have to guess', () => {
    expect(normaliseAmountInput('12.34.5')).toBeNull();
    expect(normaliseAmountInput('1,2,3')).toBeNull();
    expect(normaliseAmountInput('1.23,4.5')).toBeNull();
    expect(normaliseAmountInput('12,34.56,7')).toBeNull();
    expect(normaliseAmountInput('')).toBeNull();
    expect(normaliseAmountInput(',50')).toBeNull();
    expect(normaliseAmountInput('-5')).toBeNull();
    expect(normaliseAmountInput('1e3')).toBeNull();
    expect(normaliseAmountInput('dez')).toBeNull();
  });
});

describe('amountInputToMinor', () => {
  it('gives centavos for positive amounts with at most two decimals', () => {
    expect(amountInputToMinor('12,50')).toBe(1250);
    expect(amountInputToMinor('250,50')).toBe(25050);
    expect(amountInputToMinor('0,01')).toBe(1);
    expect(amountInputToMinor('1.234,56')).toBe(123456);
  });

  it('refuses zero, fractions of a centavo and junk', () => {
    expect(amountInputToMinor('0')).toBeNull();
    expect(amountInputToMinor('0,00')).toBeNull();
    expect(amountInputToMinor('1,234')).toBeNull();
    expect(amountInputToMinor('abc')).toBeNull();
  });
});

describe('minor units back to text', () => {
  it('writes the box in the player’s language and the parameter with a dot', () => {
    expect(minorToAmountInput(25050, 'pt-BR')).toBe('250,50');
    expect(minorToAmountInput(5, 'en')).toBe('0.05');
    expect(minorToAmountParam(25050)).toBe('250.50');
    expect(minorToAmountParam(100000)).toBe('1000.00');
  });

  it('round-trips every amount the box can show', () => {
    for (const minor of [1, 9, 10, 99, 100, 12345, 100000, 999999999])
      for (const language of ['pt-BR', 'en'] as const)
        expect(amountInputToMinor(minorToAmountInput(minor, language))).toBe(minor);
  });
});
