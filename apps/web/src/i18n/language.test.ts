import { describe, expect, it } from 'vitest';
import { resolveInitialLanguage, resolveStoredLanguage, selectableLanguages } from './language';

describe('resolveInitialLanguage', () => {
  it('starts in Brazilian Portuguese when nothing was chosen', () => {
    expect(resolveInitialLanguage(null)).toBe('pt-BR');
    expect(resolveInitialLanguage('')).toBe('pt-BR');
  });

  it('keeps a stored supported choice, whatever its spelling', () => {
    expect(resolveInitialLanguage('en')).toBe('en');
    expect(resolveInitialLanguage('en-US')).toBe('en');
    expect(resolveInitialLanguage('pt_br')).toBe('pt-BR');
    expect(resolveInitialLanguage('PT')).toBe('pt-BR');
  });

  it('ignores a stored language the site has no catalogue for', () => {
    expect(resolveInitialLanguage('fr')).toBe('pt-BR');
    expect(resolveStoredLanguage('fr')).toBeNull();
    expect(resolveStoredLanguage('zh-CN')).toBeNull();
  });
});

describe('selectableLanguages', () => {
  it("offers the brand's supported languages", () => {
    expect(selectableLanguages(['pt-BR'], 'pt-BR')).toEqual(['pt-BR']);
    expect(selectableLanguages(['en', 'pt-BR'], 'pt-BR')).toEqual(['pt-BR', 'en']);
  });

  it('falls back to every supported language when the brand names none', () => {
    expect(selectableLanguages([], 'pt-BR')).toEqual(['pt-BR', 'en']);
    expect(selectableLanguages(['fr'], 'pt-BR')).toEqual(['pt-BR', 'en']);
  });

  it('always includes the language in use, so the picker can show it', () => {
    expect(selectableLanguages(['pt-BR'], 'en')).toEqual(['pt-BR', 'en']);
  });
});
