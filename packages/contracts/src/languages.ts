/**
 * The interface languages and their labels, without schemas (the first page reads these;
 * i18n.ts adds the schema and re-exports all of this).
 */

/**
 * Interface languages the product actually ships catalogues for. pt-BR is the default
 * (docs/product.md §1); every other label of LANGUAGE_LABELS can be offered once a catalogue
 * exists.
 */
export const SUPPORTED_LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/**
 * Normalises a `Language` header or stored choice to a supported language:
 * `pt`, `pt-br`, `PT_BR` → pt-BR; `en`, `en-US` → en; anything else → the fallback.
 */
export function resolveLanguage(
  raw: string | null | undefined,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  if (!raw) return fallback;
  const tag = raw.trim().toLowerCase().replace('_', '-');
  if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
  if (tag === 'en' || tag.startsWith('en-')) return 'en';
  return fallback;
}

/**
 * The catalogue of language labels the original product carries (docs/product.md §1: "about 40"),
 * each in its own language, keyed by BCP 47 tag. Used by the language pickers; only
 * SUPPORTED_LANGUAGES are selectable today.
 */
export const LANGUAGE_LABELS: Record<string, string> = {
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  en: 'English',
  es: 'Español',
  'es-MX': 'Español (México)',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  ro: 'Română',
  ru: 'Русский',
  uk: 'Українська',
  tr: 'Türkçe',
  el: 'Ελληνικά',
  cs: 'Čeština',
  hu: 'Magyar',
  sv: 'Svenska',
  da: 'Dansk',
  fi: 'Suomi',
  nb: 'Norsk bokmål',
  ar: 'العربية',
  he: 'עברית',
  fa: 'فارسی',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  ur: 'اردو',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  fil: 'Filipino',
  km: 'ភាសាខ្មែរ',
  lo: 'ລາວ',
  my: 'မြန်မာ',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  mn: 'Монгол',
  kk: 'Қазақ тілі',
};
