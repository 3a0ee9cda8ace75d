import { describe, expect, it } from 'vitest';
import { matchesHelpSearch } from './help-search';

const topic = {
  title: 'Depósitos via PIX',
  content: '<p>O <strong>PIX</strong> é a forma mais rápida de colocar saldo.</p>',
};

describe('help search', () => {
  it('finds words in the title or text, whatever the accents and case', () => {
    expect(matchesHelpSearch(topic, 'deposito')).toBe(true);
    expect(matchesHelpSearch(topic, 'RAPIDA saldo')).toBe(true);
    expect(matchesHelpSearch(topic, '')).toBe(true);
  });

  it('needs every word, and does not match the HTML’s tags', () => {
    expect(matchesHelpSearch(topic, 'pix saque')).toBe(false);
    expect(matchesHelpSearch(topic, 'strong')).toBe(false);
  });
});
