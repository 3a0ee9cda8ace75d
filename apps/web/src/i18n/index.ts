import { DEFAULT_LANGUAGE, resolveLanguage, type Language } from '@banca/contracts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { CoreCatalogue } from './catalogue';
import { readStoredLanguage, resolveInitialLanguage, storeLanguage } from './language';
import { ptBR } from './pt-BR';

export { selectableLanguages } from './language';

/**
 * pt-BR ships inside the main bundle (most players, and the texts of the boot error screen
 * must exist even when nothing else can load); other catalogues are split chunks fetched when
 * chosen.
 */
const catalogueLoaders: Record<Exclude<Language, 'pt-BR'>, () => Promise<CoreCatalogue>> = {
  en: () => import('./en').then((module) => module.en),
};

/**
 * Catalogue parts that only lazy areas use (their forms and pages), in every language. A
 * lazy area loads its part together with its code (loadCataloguePart), so the home route
 * carries neither.
 */
const partLoaders = {
  accounts: {
    'pt-BR': () => import('./accounts/pt-BR').then((module) => module.ptBRAccounts),
    en: () => import('./accounts/en').then((module) => module.enAccounts),
  },
  lobby: {
    'pt-BR': () => import('./lobby/pt-BR').then((module) => module.ptBRLobby),
    en: () => import('./lobby/en').then((module) => module.enLobby),
  },
  wallet: {
    'pt-BR': () => import('./wallet/pt-BR').then((module) => module.ptBRWallet),
    en: () => import('./wallet/en').then((module) => module.enWallet),
  },
  admin: {
    'pt-BR': () => import('./admin/pt-BR').then((module) => module.ptBRAdmin),
    en: () => import('./admin/en').then((module) => module.enAdmin),
  },
  messages: {
    'pt-BR': () => import('./messages/pt-BR').then((module) => module.ptBRMessages),
    en: () => import('./messages/en').then((module) => module.enMessages),
  },
  house: {
    'pt-BR': () => import('./house/pt-BR').then((module) => module.ptBRHouse),
    en: () => import('./house/en').then((module) => module.enHouse),
  },
  agents: {
    'pt-BR': () => import('./agents/pt-BR').then((module) => module.ptBRAgents),
    en: () => import('./agents/en').then((module) => module.enAgents),
  },
  rewards: {
    'pt-BR': () => import('./rewards/pt-BR').then((module) => module.ptBRRewards),
    en: () => import('./rewards/en').then((module) => module.enRewards),
  },
  support: {
    'pt-BR': () => import('./support/pt-BR').then((module) => module.ptBRSupport),
    en: () => import('./support/en').then((module) => module.enSupport),
  },
  lottery: {
    'pt-BR': () => import('./lottery/pt-BR').then((module) => module.ptBRLottery),
    en: () => import('./lottery/en').then((module) => module.enLottery),
  },
  content: {
    'pt-BR': () => import('./content/pt-BR').then((module) => module.ptBRContent),
    en: () => import('./content/en').then((module) => module.enContent),
  },
} satisfies Record<string, Record<Language, () => Promise<object>>>;
export type CataloguePart = keyof typeof partLoaders;

/** Parts some area asked for: a language chosen later gets them too. */
const wantedParts = new Set<CataloguePart>();
/** `${part}:${language}` already merged into i18next. */
const mergedParts = new Set<string>();

async function mergePart(part: CataloguePart, language: Language): Promise<void> {
  const key = `${part}:${language}`;
  if (mergedParts.has(key)) return;
  const texts = await partLoaders[part][language]();
  // Deep merge: a part may add keys to a section the core also has (e.g. `auth`).
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  mergedParts.add(key);
}

/**
 * Loads a catalogue part for the language in use (and pt-BR, the fallback) before its area
 * renders, and for every language chosen afterwards.
 */
export async function loadCataloguePart(part: CataloguePart): Promise<void> {
  wantedParts.add(part);
  const languages = new Set<Language>([currentLanguage(), DEFAULT_LANGUAGE]);
  await Promise.all([...languages].map((language) => mergePart(part, language)));
}

export const i18n = i18next.createInstance();

async function loadCatalogue(language: Language): Promise<CoreCatalogue> {
  return language === 'pt-BR' ? ptBR : catalogueLoaders[language]();
}

async function ensureCatalogue(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation'))
    i18n.addResourceBundle(language, 'translation', await loadCatalogue(language), true, true);
  await Promise.all([...wantedParts].map((part) => mergePart(part, language)));
}

function reflectLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Starts i18next with the player's language. Resolves once its catalogue is in; if that
 * chunk cannot load, the site starts in pt-BR rather than not at all.
 */
export async function initI18n(): Promise<Language> {
  let language = resolveInitialLanguage(readStoredLanguage());
  const resources: Partial<Record<Language, { translation: CoreCatalogue }>> = {
    'pt-BR': { translation: ptBR },
  };
  try {
    resources[language] = { translation: await loadCatalogue(language) };
  } catch {
    language = DEFAULT_LANGUAGE;
  }
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['pt-BR', 'en'],
    resources,
    // React escapes what it renders; escaping here too would show &amp; to players.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  reflectLanguage(language);
  return language;
}

/** Hook point for code that must follow the player's choice (see useMemberLanguageSync). */
export type LanguageChangeListener = (language: Language) => void;
const listeners = new Set<LanguageChangeListener>();
export function onLanguageChosen(listener: LanguageChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The player picked a language: load its catalogue, switch, remember it (localStorage
 * `language`), update <html lang>, and tell listeners (the server sync for logged-in members).
 * Queries whose keys carry the language refetch on their own.
 */
export async function chooseLanguage(
  language: Language,
  options: { remember?: boolean } = {},
): Promise<void> {
  await ensureCatalogue(language);
  await i18n.changeLanguage(language);
  if (options.remember !== false) storeLanguage(language);
  reflectLanguage(language);
  for (const listener of listeners) listener(language);
}

/** The language in use, for API headers and query keys. */
export function currentLanguage(): Language {
  // Before init (the status call starts in parallel with it) the stored choice is the answer.
  if (!i18n.isInitialized) return resolveInitialLanguage(readStoredLanguage());
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language, DEFAULT_LANGUAGE);
}

/** The language in use, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return resolveLanguage(instance.resolvedLanguage ?? instance.language, DEFAULT_LANGUAGE);
}

/** True when the player never chose a language (the brand's default may then apply). */
export function hasChosenLanguage(): boolean {
  return readStoredLanguage() !== null;
}
