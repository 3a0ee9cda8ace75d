import type { TFunction } from 'i18next';
import { CLIENT_ERROR_CODES, isApiError } from './api-error';

const CLIENT_CODES = new Set<string>(Object.values(CLIENT_ERROR_CODES));

/**
 * What to show a player for a failed call. Client-side codes are translated at render time
 * (so a language switch, or a failure before the catalogue loaded, still reads right); server
 * codes come with a message already in the player's language; anything else gets a generic
 * line, so internals never reach the screen.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.unknown');
  if (CLIENT_CODES.has(error.code))
    return t(
      `errors.${error.code as (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES]}`,
    );
  return error.message || t('errors.unknown');
}
