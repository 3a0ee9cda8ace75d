import { describe, expect, it } from 'vitest';
import { formatLines, parseLines } from './channel-lines';

describe('channel lines', () => {
  it('reads fields separated by bars, skipping blank lines', () => {
    expect(
      parseLines('Principal | https://a.example\n\n  Espelho | https://b.example  ', 2),
    ).toEqual({
      rows: [
        ['Principal', 'https://a.example'],
        ['Espelho', 'https://b.example'],
      ],
      badLine: null,
    });
  });

  it('points at the first line that does not have its fields', () => {
    expect(parseLines('A | https://a\nB https://b', 2).badLine).toBe(2);
    expect(parseLines('A | | x', 3).badLine).toBe(1);
  });

  it('writes back what it reads', () => {
    const rows = [['WHATSAPP', 'https://wa.me/1', 'WhatsApp']];
    expect(parseLines(formatLines(rows), 3).rows).toEqual(rows);
  });
});
