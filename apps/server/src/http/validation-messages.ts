import { PLAIN_TEXT_RULE, type Language } from '@banca/contracts';
import type { z } from 'zod';

/** One invalid field as the client receives it in `data.issues`. */
export type FieldIssue = { field: string; rule: string; message: string };

/** A schema validation issue as fastify-type-provider-zod reports it. */
export type RawIssue = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** Upper bound of issues echoed back: a hostile body with thousands of bad keys gets a short answer. */
const MAX_ISSUES_REPORTED = 20;

type Phrasebook = {
  required: string;
  type: (expected: string) => string;
  tooLong: (max: unknown, origin: unknown) => string;
  tooShort: (min: unknown, origin: unknown) => string;
  format: (format: unknown) => string;
  /** An amount not in the canonical format (CANONICAL_AMOUNT_PATTERN in contracts' money.ts). */
  amount: string;
  /** A control character or an unpaired surrogate (text() in contracts' text.ts). */
  plainText: string;
  oneOf: (values: string) => string;
  unknownKeys: (keys: string) => string;
  invalid: string;
};

const TYPE_NAMES: Record<Language, Record<string, string>> = {
  'pt-BR': {
    string: 'texto',
    number: 'número',
    boolean: 'verdadeiro ou falso',
    object: 'objeto',
    array: 'lista',
    int: 'número inteiro',
  },
  en: {
    string: 'text',
    number: 'a number',
    boolean: 'true or false',
    object: 'an object',
    array: 'a list',
    int: 'a whole number',
  },
};

const PHRASES: Record<Language, Phrasebook> = {
  'pt-BR': {
    required: 'é obrigatório',
    type: (expected) => `deve ser ${TYPE_NAMES['pt-BR'][expected] ?? expected}`,
    tooLong: (max, origin) =>
      origin === 'string'
        ? `aceita no máximo ${max} caracteres`
        : origin === 'array'
          ? `aceita no máximo ${max} itens`
          : `deve ser no máximo ${max}`,
    tooShort: (min, origin) =>
      origin === 'string'
        ? `exige ao menos ${min} caracteres`
        : origin === 'array'
          ? `exige ao menos ${min} itens`
          : `deve ser no mínimo ${min}`,
    format: (format) => `não está no formato esperado (${String(format)})`,
    amount:
      'deve ser um valor como 12.50 ou 10: algarismos e, se houver centavos, um ponto e no máximo duas casas (sem sinal, espaços ou zeros à esquerda)',
    plainText: 'contém um caractere de controle ou inválido',
    oneOf: (values) => `deve ser um destes valores: ${values}`,
    unknownKeys: (keys) => `campos não reconhecidos: ${keys}`,
    invalid: 'é inválido',
  },
  en: {
    required: 'is required',
    type: (expected) => `must be ${TYPE_NAMES.en[expected] ?? expected}`,
    tooLong: (max, origin) =>
      origin === 'string'
        ? `accepts at most ${max} characters`
        : origin === 'array'
          ? `accepts at most ${max} items`
          : `must be at most ${max}`,
    tooShort: (min, origin) =>
      origin === 'string'
        ? `needs at least ${min} characters`
        : origin === 'array'
          ? `needs at least ${min} items`
          : `must be at least ${min}`,
    format: (format) => `is not in the expected format (${String(format)})`,
    amount:
      'must be an amount like 12.50 or 10: digits and, for cents, a point and at most two decimals (no sign, spaces or leading zeros)',
    plainText: 'contains a control character or an invalid character',
    oneOf: (values) => `must be one of: ${values}`,
    unknownKeys: (keys) => `unrecognised fields: ${keys}`,
    invalid: 'is invalid',
  },
};

const FIELD_WORD: Record<Language, string> = { 'pt-BR': 'O campo', en: 'The field' };
const BODY_WORD: Record<Language, string> = { 'pt-BR': 'corpo', en: 'body' };

function valueAt(input: unknown, pointer: string): unknown {
  let value = input;
  for (const key of pointer.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Turns schema validation issues into field messages in the request's language. `input` is
 * the validated part of the request (body, query…), used to tell a missing field from a wrong one.
 */
export function describeIssues(
  issues: RawIssue[],
  language: Language,
  context: string | undefined,
  input: unknown,
): FieldIssue[] {
  const phrases = PHRASES[language];
  return issues.slice(0, MAX_ISSUES_REPORTED).map((issue) => {
    const field =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      (context ?? BODY_WORD[language]);
    const p = issue.params;
    let text: string;
    const missing =
      issue.keyword !== 'unrecognized_keys' && valueAt(input, issue.instancePath) === undefined;
    switch (missing ? 'missing' : issue.keyword) {
      case 'missing':
        text = phrases.required;
        break;
      case 'invalid_type':
        text = phrases.type(String(p.expected));
        break;
      case 'too_big':
        text = phrases.tooLong(p.maximum, p.origin);
        break;
      case 'too_small':
        text = phrases.tooShort(p.minimum, p.origin);
        break;
      case 'invalid_format':
        text = p.format === 'amount' ? phrases.amount : phrases.format(p.format);
        break;
      case 'invalid_value':
        text = phrases.oneOf(Array.isArray(p.values) ? p.values.map(String).join(', ') : '');
        break;
      case 'custom':
        text = isPlainTextIssue(p) ? phrases.plainText : phrases.invalid;
        break;
      case 'unrecognized_keys':
        text = phrases.unknownKeys(Array.isArray(p.keys) ? p.keys.map(String).join(', ') : '');
        break;
      default:
        text = phrases.invalid;
    }
    const rule = isPlainTextIssue(p) ? PLAIN_TEXT_RULE : issue.keyword;
    return { field, rule, message: `${FIELD_WORD[language]} “${field}” ${text}.` };
  });
}

function isPlainTextIssue(params: Record<string, unknown>): boolean {
  return (params.params as { rule?: unknown } | undefined)?.rule === PLAIN_TEXT_RULE;
}

/** The same messages for issues of a zod schema applied by hand (e.g. inside an encrypted body). */
export function describeZodIssues(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  language: Language,
  input: unknown,
): FieldIssue[] {
  return describeIssues(
    issues.map(({ code, path, message, ...params }) => ({
      keyword: code,
      instancePath: `/${path.map(String).join('/')}`,
      message,
      params: params as Record<string, unknown>,
    })),
    language,
    undefined,
    input,
  );
}
