import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from './languages';

export {
  DEFAULT_LANGUAGE,
  LANGUAGE_LABELS,
  SUPPORTED_LANGUAGES,
  resolveLanguage,
  type Language,
} from './languages';

/** A supported interface language (languages.ts), as a request field. */
export const languageSchema = z.enum(SUPPORTED_LANGUAGES);
