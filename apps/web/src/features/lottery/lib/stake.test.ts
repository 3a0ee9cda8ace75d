import { describe, expect, it } from 'vitest';
import { formatStakeInput, parseStakeMinor } from './stake';

describe('the slip’s stake field', () => {
  it('reads Brazilian amounts in pt-BR', () => {
    expect(parseStakeMinor('1.000,50', 'pt-BR')).toBe(100_050);
    expect(parseStakeMinor('10,5', 'pt-BR')).toBe(1_050);
    expect(parseStakeMinor('10', 'pt-BR')).toBe(1_000);
    expect(parseStakeMinor('1.000', 'pt-BR')).toBe(100_000);
    expect(parseStakeMinor('1.000,00', 'pt-BR')).toBe(100_000);
    expect(parseStakeMinor(' 2,00 ', 'pt-BR')).toBe(200);
  });

  it('reads English amounts in en', () => {
    expect(parseStakeMinor('1,000.50', 'en')).toBe(100_050);
    expect(parseStakeMinor('10.5', 'en')).toBe(1_050);
    expect(parseStakeMinor('10', 'en')).toBe(1_000);
  });

  it('refuses anything else instead of dropping characters', () => {
    for (const language of ['pt-BR', 'en'])
      for (const text of [
        '-5',
        '1e3',
        'abc',
        '5a',
        '',
        ' ',
        '1,2,3',
        '+5',
        '1 000',
        '10,5.5',
        '1.00.0',
      ])
        expect(parseStakeMinor(text, language), `${text} in ${language}`).toBeNull();
    // Three decimals are not cents; the same digits are a thousands group in each language.
    expect(parseStakeMinor('2,555', 'pt-BR')).toBeNull();
    expect(parseStakeMinor('2.555', 'en')).toBeNull();
    expect(parseStakeMinor('2.555', 'pt-BR')).toBe(255_500);
    // The other language's separators are not guessed at.
    expect(parseStakeMinor('10.5', 'pt-BR')).toBeNull();
    expect(parseStakeMinor('1,000.50', 'pt-BR')).toBeNull();
    expect(parseStakeMinor('10,5', 'en')).toBeNull();
    expect(parseStakeMinor('1.000,50', 'en')).toBeNull();
  });

  it('shows the default in the locale’s format, which reads back', () => {
    expect(formatStakeInput(100, 'pt-BR')).toBe('1,00');
    expect(formatStakeInput(100, 'en')).toBe('1.00');
    expect(formatStakeInput(500_000, 'pt-BR')).toBe('5.000,00');
    expect(parseStakeMinor(formatStakeInput(500_000, 'pt-BR'), 'pt-BR')).toBe(500_000);
    expect(parseStakeMinor(formatStakeInput(500_000, 'en'), 'en')).toBe(500_000);
  });
});
