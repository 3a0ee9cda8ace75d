import { describe, expect, it } from 'vitest';
import { PLAIN_TEXT_RULE, text } from './text';

describe('text()', () => {
  const field = text(16);

  it('accepts plain text in any script, emoji (surrogate pairs) included', () => {
    for (const value of ['', 'joão', 'Zoë Ångström', '日本語', 'a 🎰 b', '😀']) {
      expect(field.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses NUL, other C0 and C1 controls and DEL, naming the rule', () => {
    for (const value of [
      'a\u0000b',
      '\u0007',
      'a\tb',
      'a\nb',
      '\r',
      '\u001F',
      '\u007F',
      '\u0085',
      '\u009F',
    ]) {
      const result = field.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        code: 'custom',
        params: { rule: PLAIN_TEXT_RULE },
      });
    }
  });

  it('refuses unpaired surrogates wherever they stand', () => {
    for (const value of ['\uD800', 'a\uD83Db', '\uDE00', 'x\uDE00\uD83D', '😀\uD83D']) {
      expect(field.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('bounds the length, and keeps working when chained', () => {
    expect(field.safeParse('x'.repeat(17)).success).toBe(false);
    const trimmed = text(8).trim().min(1);
    expect(trimmed.parse('  abc  ')).toBe('abc');
    expect(trimmed.safeParse('   ').success).toBe(false);
    expect(trimmed.safeParse(' a\u0000 ').success).toBe(false);
    // A trailing newline is refused, not trimmed away.
    expect(trimmed.safeParse('abc\n').success).toBe(false);
  });

  it('lets a multi-line field keep its line breaks and tabs, and nothing else', () => {
    const body = text(100, { multiline: true });
    expect(body.parse('<p>one</p>\r\n\t<p>two</p>')).toBe('<p>one</p>\r\n\t<p>two</p>');
    expect(body.safeParse('a\u0000b').success).toBe(false);
    expect(body.safeParse('a\u0007b').success).toBe(false);
    expect(text(100).safeParse('a\nb').success).toBe(false);
  });
});
