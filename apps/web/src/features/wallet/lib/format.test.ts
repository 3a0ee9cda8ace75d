import { describe, expect, it } from 'vitest';
import { formatWholeMoney } from '@banca/contracts';
import { formatDateTimeParts, formatSignedMoney } from './format';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money and time for people', () => {
  it('signs movements and rounds quick amounts', () => {
    expect(plain(formatSignedMoney(25_050, 'BRL', 'pt-BR'))).toBe('+R$ 250,50');
    expect(plain(formatSignedMoney(-123_456, 'BRL', 'pt-BR'))).toBe('\u2212R$ 1.234,56');
    expect(plain(formatWholeMoney(10_000, 'BRL', 'pt-BR'))).toBe('R$ 100');
  });

  it('shows the date and time in the brand’s zone', () => {
    expect(formatDateTimeParts('2026-11-22T02:30:05Z', 'pt-BR', 'America/Sao_Paulo')).toEqual({
      date: '21/11/2026',
      time: '23:30:05',
    });
  });
});
