import { describe, expect, it } from 'vitest';
import { canonicalAmountText, formatMoney, formatWholeMoney, parseAmountToMinor } from './money';
import { amountSchema } from './wallet';

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

describe('amounts in the one canonical format', () => {
  // [what is sent, centavos]: text as written, and JSON numbers whose shortest form is the same.
  const accepted: Array<[string | number, number]> = [
    ['1', 100],
    ['0.01', 1],
    ['0.5', 50],
    ['0.50', 50],
    ['12.5', 1250],
    ['12.34', 1234],
    ['10', 1000],
    ['100000000', 10_000_000_000],
    ['999999999.99', 99_999_999_999],
    [12.34, 1234],
    [25.5, 2550],
    [0.01, 1],
    [7, 700],
  ];
  // Not one canonical spelling: spaces, signs, leading zeros, bare points, exponents, grouping,
  // a decimal comma, fractions of a centavo, too many digits, floats that are not what they say.
  const refused: unknown[] = [
    ' 1 ',
    '1 ',
    ' 1',
    '00.01',
    '01',
    '007',
    '00',
    '-1',
    '+1',
    '1.',
    '.5',
    '1.234',
    '1e3',
    '1E3',
    '0x10',
    '1,000',
    '12,50',
    '1_000',
    '١٢',
    '1\n',
    '1000000000',
    '',
    'abc',
    'NaN',
    'Infinity',
    -1,
    -0.01,
    0.001,
    0.1 + 0.2,
    1e9,
    1e21,
    1e-7,
    Number.NaN,
    Infinity,
    null,
    undefined,
    true,
    {},
    [],
  ];

  it('reads each accepted spelling into exact centavos, and the schema lets it through', () => {
    for (const [input, minor] of accepted) {
      expect(parseAmountToMinor(input), JSON.stringify(input)).toBe(minor);
      expect(amountSchema.safeParse(input).success, JSON.stringify(input)).toBe(true);
    }
  });

  it('refuses every other spelling, in the parser and in the schema (as format `amount`)', () => {
    for (const input of refused) {
      const label = String(JSON.stringify(input));
      expect(canonicalAmountText(input), label).toBeNull();
      expect(parseAmountToMinor(input), label).toBeNull();
      const parsed = amountSchema.safeParse(input);
      expect(parsed.success, label).toBe(false);
    }
    const issue = amountSchema.safeParse(' 1 ').error?.issues[0];
    expect(issue).toMatchObject({ code: 'invalid_format', format: 'amount' });
  });

  it('lets a well-formed zero through the format, for the service to refuse as an amount', () => {
    for (const zero of ['0', '0.0', '0.00', 0, -0]) {
      expect(amountSchema.safeParse(zero).success, String(zero)).toBe(true);
      expect(parseAmountToMinor(zero), String(zero)).toBeNull();
    }
  });
});
