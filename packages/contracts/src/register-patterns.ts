/**
 * The registration pattern catalogue (docs/product.md §5). A field rule names one by `patternId`;
 * its `acceptedPattern` is the regular expression source (compiled with the `u` flag on both
 * sides), and `*` means any characters. Translated messages are keyed by pattern id.
 */
export const REGISTER_PATTERNS = {
  ANY: '*',
  LETTERS: '^\\p{L}+$',
  LETTER_FIRST_ALNUM: '^[A-Za-z][A-Za-z0-9]*$',
  ALNUM_COMBINED: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]+$',
  DIGITS: '^\\d+$',
  ALNUM: '^[A-Za-z0-9]+$',
  ALNUM_CAPITAL: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  EMAIL: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  NO_SPACES: '^\\S+$',
  ENGLISH_SPACES: '^[A-Za-z ]+$',
  THAI: '^[\\u0E00-\\u0E7F]+$',
  THAI_ENGLISH_SPACES: '^[\\u0E00-\\u0E7FA-Za-z ]+$',
  KOREAN: '^[\\uAC00-\\uD7A3\\u1100-\\u11FF\\u3130-\\u318F]+$',
  CHINESE_DIGITS: '^[\\u4E00-\\u9FFF0-9]+$',
  CHINESE_PUNCTUATION: '^[\\u4E00-\\u9FFF\\u3000-\\u303F\\uFF00-\\uFFEF]+$',
  JAPANESE_FULLWIDTH: '^[\\u3040-\\u309F\\u30A0-\\u30FF\\u4E00-\\u9FFF]+$',
  FULL_NAME: '^\\p{L}+(?: \\p{L}+)+$',
  CAPITALS_SPACES: '^[A-Z ]+$',
  LETTERS_DIGITS_SYMBOLS: '^[A-Za-z0-9!-/:-@\\[-`{-~]+$',
  STRONG_PASSWORD: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).+$',
  DATE: '^(?:\\d{4}-\\d{2}-\\d{2}|\\d{2}-\\d{2}-\\d{4})$',
} as const;
export type RegisterPatternId = keyof typeof REGISTER_PATTERNS;

/** Fields of the registration user (docs/product.md §3) that a brand can configure. */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

type PatternMessages = Record<RegisterPatternId, { 'pt-BR': string; en: string }>;

/**
 * Per-pattern messages (docs/product.md §5), `{min}`/`{max}` filled from the field rule, or `{len}`
 * when both are equal. Shown beside the field by the web app and returned by the server.
 */
export const REGISTER_PATTERN_MESSAGES: PatternMessages = {
  ANY: { 'pt-BR': 'Use de {min} a {max} caracteres.', en: 'Use {min} to {max} characters.' },
  LETTERS: {
    'pt-BR': 'Use somente letras, de {min} a {max}.',
    en: 'Letters only, {min} to {max}.',
  },
  LETTER_FIRST_ALNUM: {
    'pt-BR': 'Comece com uma letra e use letras e números, de {min} a {max} caracteres.',
    en: 'Start with a letter, then letters and digits, {min} to {max} characters.',
  },
  ALNUM_COMBINED: {
    'pt-BR': 'Combine letras e números, de {min} a {max} caracteres.',
    en: 'Combine letters and digits, {min} to {max} characters.',
  },
  DIGITS: {
    'pt-BR': 'Use somente números, de {min} a {max} dígitos.',
    en: 'Digits only, {min} to {max} digits.',
  },
  ALNUM: {
    'pt-BR': 'Letras e números, sem caracteres especiais, de {min} a {max}.',
    en: 'Letters and digits, no special characters, {min} to {max}.',
  },
  ALNUM_CAPITAL: {
    'pt-BR': 'Letras e números com ao menos uma maiúscula, de {min} a {max}.',
    en: 'Letters and digits with at least one capital, {min} to {max}.',
  },
  EMAIL: {
    'pt-BR': 'Digite um e-mail válido (de {min} a {max} caracteres).',
    en: 'Enter a valid e-mail ({min} to {max} characters).',
  },
  NO_SPACES: {
    'pt-BR': 'Sem espaços, de {min} a {max} caracteres.',
    en: 'No spaces, {min} to {max} characters.',
  },
  ENGLISH_SPACES: {
    'pt-BR': 'Letras do alfabeto inglês e espaços, de {min} a {max}.',
    en: 'English letters and spaces, {min} to {max}.',
  },
  THAI: {
    'pt-BR': 'Somente caracteres tailandeses, de {min} a {max}.',
    en: 'Thai characters only, {min} to {max}.',
  },
  THAI_ENGLISH_SPACES: {
    'pt-BR': 'Caracteres tailandeses ou ingleses e espaços, de {min} a {max}.',
    en: 'Thai or English letters and spaces, {min} to {max}.',
  },
  KOREAN: {
    'pt-BR': 'Somente caracteres coreanos, de {min} a {max}.',
    en: 'Korean characters only, {min} to {max}.',
  },
  CHINESE_DIGITS: {
    'pt-BR': 'Caracteres chineses e números, de {min} a {max}.',
    en: 'Chinese characters and digits, {min} to {max}.',
  },
  CHINESE_PUNCTUATION: {
    'pt-BR': 'Caracteres chineses e pontuação, de {min} a {max}.',
    en: 'Chinese characters and punctuation, {min} to {max}.',
  },
  JAPANESE_FULLWIDTH: {
    'pt-BR': 'Hiragana, katakana ou kanji de largura completa, de {min} a {max}.',
    en: 'Full-width hiragana, katakana or kanji, {min} to {max}.',
  },
  FULL_NAME: {
    'pt-BR': 'Nome e sobrenome separados por espaço, de {min} a {max} caracteres.',
    en: 'First and last name separated by a space, {min} to {max} characters.',
  },
  CAPITALS_SPACES: {
    'pt-BR': 'Letras maiúsculas e espaços, de {min} a {max}.',
    en: 'Capital letters and spaces, {min} to {max}.',
  },
  LETTERS_DIGITS_SYMBOLS: {
    'pt-BR': 'Letras, números e símbolos, de {min} a {max} caracteres.',
    en: 'Letters, digits and symbols, {min} to {max} characters.',
  },
  STRONG_PASSWORD: {
    'pt-BR': 'Inclua maiúscula, minúscula, número e símbolo, de {min} a {max} caracteres.',
    en: 'Include upper case, lower case, a digit and a symbol, {min} to {max} characters.',
  },
  DATE: {
    'pt-BR': 'Use a data no formato aaaa-MM-dd ou MM-dd-aaaa.',
    en: 'Use a date as yyyy-MM-dd or MM-dd-yyyy.',
  },
};

export const REQUIRED_FIELD_MESSAGE = {
  'pt-BR': 'O campo não pode estar vazio.',
  en: 'Input cannot be empty.',
} as const;

const compiled = new Map<string, RegExp>();
function patternOf(source: string): RegExp | null {
  if (source === '*') return null;
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}

/**
 * Checks one value against its server-supplied rule (docs/product.md §5): required, length between
 * minLength and maxLength (counted in characters, not UTF-16 units), and acceptedPattern.
 * Returns the message to show, or null when the value is fine. Client and server both call it.
 */
export function checkFieldRule(
  rule: {
    required: boolean;
    acceptedPattern: string;
    patternId: string;
    minLength: number;
    maxLength: number;
  },
  value: string | undefined | null,
  language: 'pt-BR' | 'en',
): string | null {
  const text = value ?? '';
  if (text.length === 0) return rule.required ? REQUIRED_FIELD_MESSAGE[language] : null;
  const length = [...text].length;
  const pattern = patternOf(rule.acceptedPattern);
  if (length >= rule.minLength && length <= rule.maxLength && (!pattern || pattern.test(text)))
    return null;
  const messages =
    REGISTER_PATTERN_MESSAGES[rule.patternId as RegisterPatternId] ?? REGISTER_PATTERN_MESSAGES.ANY;
  const template = messages[language];
  if (rule.minLength === rule.maxLength) {
    return template
      .replace(/de \{min\} a \{max\}/, `${rule.minLength}`)
      .replace(/\{min\} to \{max\}/, `${rule.minLength}`)
      .replace(/\{min\}|\{max\}/g, String(rule.minLength));
  }
  return template.replace('{min}', String(rule.minLength)).replace('{max}', String(rule.maxLength));
}
