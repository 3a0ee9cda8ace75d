import {
  DEFAULT_LANGUAGE,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
  type Language,
} from '@banca/contracts';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The language to start with (docs/product.md §1): the player's stored choice when it names a
 * supported language, otherwise pt-BR. The browser's language is deliberately not consulted: the
 * site is Brazilian first and English is an explicit choice.
 */
export function resolveInitialLanguage(stored: string | null | undefined): Language {
  return resolveStoredLanguage(stored) ?? DEFAULT_LANGUAGE;
}

/** A stored value names a supported language, or it is ignored (returns null). */
export function resolveStoredLanguage(stored: string | null | undefined): Language | null {
  if (!stored) return null;
  // resolveLanguage answers its fallback for unknown tags: two different fallbacks giving two
  // different answers means the tag itself named nothing we support.
  const withPortuguese = resolveLanguage(stored, 'pt-BR');
  return withPortuguese === resolveLanguage(stored, 'en') ? withPortuguese : null;
}

export function readStoredLanguage(): Language | null {
  return resolveStoredLanguage(readStorage('local', STORAGE_KEYS.language));
}

export function storeLanguage(language: Language): void {
  writeStorage('local', STORAGE_KEYS.language, language);
}

/**
 * The languages a picker offers: the brand's list when it names any supported language,
 * otherwise every supported language; always including the one in use.
 */
export function selectableLanguages(
  brandLanguages: readonly string[] | undefined,
  current: Language,
): Language[] {
  const fromBrand = SUPPORTED_LANGUAGES.filter((language) => brandLanguages?.includes(language));
  const list: Language[] = fromBrand.length > 0 ? [...fromBrand] : [...SUPPORTED_LANGUAGES];
  if (!list.includes(current)) list.push(current);
  return list;
}
