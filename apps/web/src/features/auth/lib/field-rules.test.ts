import { REGISTER_PATTERNS, type RegisterFieldRule } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { phoneDigits, registerFields, validateWithRule } from './field-rules';

const rule = (
  field: string,
  patternId: keyof typeof REGISTER_PATTERNS,
  minLength: number,
  maxLength: number,
  options: { enabled?: boolean; required?: boolean } = {},
): RegisterFieldRule => ({
  field,
  enabled: options.enabled ?? true,
  required: options.required ?? false,
  acceptedPattern: REGISTER_PATTERNS[patternId],
  patternId,
  minLength,
  maxLength,
});

const RULES = [
  rule('username', 'LETTER_FIRST_ALNUM', 4, 16, { required: true }),
  rule('password', 'LETTERS_DIGITS_SYMBOLS', 6, 20, { required: true }),
  rule('confirmPassword', 'ANY', 6, 20, { required: true }),
  rule('mobileNum', 'DIGITS', 10, 11),
  rule('email', 'EMAIL', 5, 64),
  rule('qqNum', 'DIGITS', 5, 12, { enabled: false }),
  rule('verificationCode', 'DIGITS', 6, 6, { enabled: false }),
];

const names = (specs: { field: string }[]) => specs.map((spec) => spec.field);

describe('registerFields', () => {
  it('shows the enabled fields of username registration, each as required as configured', () => {
    const specs = registerFields(RULES, 'username', { MOBILENUMPASSREG3: true });
    expect(names(specs)).toEqual(['username', 'mobileNum', 'password', 'confirmPassword', 'email']);
    expect(specs.find((spec) => spec.field === 'mobileNum')?.required).toBe(false);
  });

  it('drops the username in mobile mode and requires the number', () => {
    const specs = registerFields(RULES, 'mobile', { MOBILENUMPASSREG3: true });
    expect(names(specs)).toEqual(['mobileNum', 'password', 'confirmPassword', 'email']);
    expect(specs.find((spec) => spec.field === 'mobileNum')?.required).toBe(true);
  });

  it('asks no password in mobile mode unless MOBILENUMPASSREG3', () => {
    expect(names(registerFields(RULES, 'mobile', { MOBILENUMPASSREG3: false }))).toEqual([
      'mobileNum',
      'email',
    ]);
  });

  it('adds the SMS code and requires the number when REGMOBVERF3 is on', () => {
    const specs = registerFields(RULES, 'username', { REGMOBVERF3: true });
    expect(names(specs)).toContain('verificationCode');
    expect(specs.find((spec) => spec.field === 'mobileNum')?.required).toBe(true);
    expect(specs.find((spec) => spec.field === 'verificationCode')?.required).toBe(true);
  });
});

describe('validateWithRule', () => {
  it('gives the brand rule’s message in the player’s language', () => {
    const username = RULES[0]!;
    expect(validateWithRule(username, 'joana2026', 'pt-BR')).toBeNull();
    expect(validateWithRule(username, '9vidas', 'pt-BR')).toBe(
      'Comece com uma letra e use letras e números, de 4 a 16 caracteres.',
    );
    expect(validateWithRule(username, '', 'en')).toBe('Input cannot be empty.');
    expect(validateWithRule(RULES[3]!, '', 'en')).toBeNull();
    expect(validateWithRule(RULES[3]!, '', 'en', { required: true })).toBe(
      'Input cannot be empty.',
    );
  });
});

describe('phoneDigits', () => {
  it('drops separators people type, and nothing else', () => {
    expect(phoneDigits('(11) 98765-4321')).toBe('11987654321');
    expect(phoneDigits('11 9876.5432a')).toBe('1198765432a');
  });
});
