import { useEffect } from 'react';
import { onLanguageChosen } from '@/i18n';
import { useSessionStore } from '@/stores/session-store';
import { updateMemberLanguage } from '../api/update-member-language';

/**
 * When a logged-in, non-trial member picks a language, the server learns it too
 * (docs/platform-facts.md §1: `PUT /wps/member/language {language}`), so its e-mails and SMS follow
 * the choice. A failure costs only that, so it is logged rather than shown.
 */
export function useMemberLanguageSync(): void {
  useEffect(
    () =>
      onLanguageChosen((language) => {
        const { isLoggedIn, isTrial } = useSessionStore.getState();
        if (!isLoggedIn || isTrial) return;
        updateMemberLanguage(language).catch((error: unknown) =>
          console.warn('Could not store the member language', error),
        );
      }),
    [],
  );
}
