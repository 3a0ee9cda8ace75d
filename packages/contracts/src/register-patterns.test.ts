import { describe, expect, it } from 'vitest';
import { REGISTER_PATTERNS, checkFieldRule, type RegisterPatternId } from './register-patterns';
import { parseAmountToMinor } from './money';

const rule = (patternId: RegisterPatternId, minLength = 1, maxLength = 40, required = true) => ({
  required,
  acceptedPattern: REGISTER_PATTERNS[patternId],
  patternId,
  minLength,
  maxLength,
});

/** Per pattern of the spec's catalogue (§5): values it must accept and values it must refuse. */
const CASES: Record<RegisterPatternId, { accept: string[]; refuse: string[] }> = {
  ANY: { accept: ['qualquer coisa!', '12 ab'], refuse: [] },
  LETTERS: { accept: ['João', 'abc'], refuse: ['abc1', 'a b'] },
  LETTER_FIRST_ALNUM: { accept: ['joao123', 'J1'], refuse: ['1joao', 'jo_ao'] },
  ALNUM_COMBINED: { accept: ['abc123', '1a'], refuse: ['abcdef', '123456', 'abc-1'] },
  DIGITS: { accept: ['0123456789'], refuse: ['12a', '1 2'] },
  ALNUM: { accept: ['Abc123', 'abc'], refuse: ['abc!', 'a b'] },
  ALNUM_CAPITAL: { accept: ['Abc123'], refuse: ['abc123', 'ABC!'] },
  EMAIL: { accept: ['ana@exemplo.com.br'], refuse: ['ana@', 'ana exemplo.com', '@x.com'] },
  NO_SPACES: { accept: ['a-b_c!'], refuse: ['a b'] },
  ENGLISH_SPACES: { accept: ['John Smith'], refuse: ['João', 'John1'] },
  THAI: { accept: ['สวัสดี'], refuse: ['hello', 'สวัสดี a'] },
  THAI_ENGLISH_SPACES: { accept: ['สวัสดี John'], refuse: ['John1'] },
  KOREAN: { accept: ['안녕하세요'], refuse: ['hello', '안녕 하세요'] },
  CHINESE_DIGITS: { accept: ['张三123'], refuse: ['张三a', '张 三'] },
  CHINESE_PUNCTUATION: { accept: ['你好，世界。'], refuse: ['你好 world'] },
  JAPANESE_FULLWIDTH: { accept: ['ひらがなカタカナ漢字'], refuse: ['hiragana', 'ｶﾀｶﾅ'] },
  FULL_NAME: {
    accept: ['Maria Silva', 'José da Costa'],
    refuse: ['Maria', 'Maria  Silva', 'Maria Silva2'],
  },
  CAPITALS_SPACES: { accept: ['MARIA SILVA'], refuse: ['Maria Silva'] },
  LETTERS_DIGITS_SYMBOLS: { accept: ['abc123!@#', 'Senha#1'], refuse: ['com espaço', 'ação'] },
  STRONG_PASSWORD: {
    accept: ['Senha#2026'],
    refuse: ['senha#2026', 'SENHA#2026', 'Senha2026', 'Senha#'],
  },
  DATE: { accept: ['1990-05-17', '05-17-1990'], refuse: ['17/05/1990', '1990-5-17'] },
};

describe('registration field rules (docs/product.md §5 pattern catalogue)', () => {
  for (const [patternId, { accept, refuse }] of Object.entries(CASES) as Array<
    [RegisterPatternId, { accept: string[]; refuse: string[] }]
  >) {
    it(`${patternId} accepts and refuses what it names`, () => {
      for (const value of accept)
        expect(
          checkFieldRule(rule(patternId), value, 'en'),
          `${patternId} should accept ${value}`,
        ).toBeNull();
      for (const value of refuse)
        expect(
          checkFieldRule(rule(patternId), value, 'en'),
          `${patternId} should refuse ${value}`,
        ).not.toBeNull();
    });
  }

  it('covers every pattern of the catalogue', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(REGISTER_PATTERNS).sort());
  });

  it('checks lengths in characters, with min and max in the message in the right language', () => {
    const username = rule('LETTER_FIRST_ALNUM', 4, 16);
    expect(checkFieldRule(username, 'abc', 'pt-BR')).toBe(
      'Comece com uma letra e use letras e números, de 4 a 16 caracteres.',
    );
    expect(checkFieldRule(username, 'a'.repeat(17), 'en')).toBe(
      'Start with a letter, then letters and digits, 4 to 16 characters.',
    );
    // Emoji and accented letters count as one character each, not as UTF-16 units.
    expect(checkFieldRule(rule('ANY', 1, 3), '😀😀😀', 'en')).toBeNull();
  });

  it('shows a single number when min and max are equal', () => {
    expect(checkFieldRule(rule('DIGITS', 6, 6), '123', 'pt-BR')).toBe(
      'Use somente números, 6 dígitos.',
    );
    expect(checkFieldRule(rule('DIGITS', 6, 6), '123', 'en')).toBe('Digits only, 6 digits.');
  });

  it('says "cannot be empty" for a required field and accepts an empty optional one', () => {
    expect(checkFieldRule(rule('EMAIL', 5, 64, true), '', 'pt-BR')).toBe(
      'O campo não pode estar vazio.',
    );
    expect(checkFieldRule(rule('EMAIL', 5, 64, false), '', 'pt-BR')).toBeNull();
  });
});

describe('amounts typed by people', () => {
  it('turns reais into centavos exactly', () => {
    expect(parseAmountToMinor('12.5')).toBe(1250);
    expect(parseAmountToMinor(12.34)).toBe(1234);
    expect(parseAmountToMinor('0.01')).toBe(1);
    expect(parseAmountToMinor(0.1 + 0.2)).toBeNull();
  });

  it('refuses zero, negatives, fractions of a centavo, exponents and junk', () => {
    for (const bad of [
      0,
      -1,
      '1.234',
      '1e3',
      1e21,
      'abc',
      '',
      null,
      undefined,
      Number.NaN,
      Infinity,
      '12,50',
    ]) {
      expect(parseAmountToMinor(bad), String(bad)).toBeNull();
    }
  });
});
