import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuthDialogStore } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { logout } from '../api/logout';
import { memberQueryKey } from '../api/get-member-info';

/**
 * Logout (docs/product.md §4): end the session on the server, clear session storage except the
 * merchant code (and the remembered token), reset the state and go home — the agent login page when
 * leaving the agent area. The local session is cleared even when the call fails: the player asked
 * to leave, and an unreachable server must not keep them logged in on this device.
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.warn('Logout call failed; clearing the session here anyway', error);
    }
    useAuthDialogStore.getState().close();
    const clear = () => {
      useSessionStore.getState().clear();
      queryClient.removeQueries({ queryKey: memberQueryKey });
    };
    if (pathname.startsWith('/agent')) {
      // The agent login page sends a logged-in agent on to /agentHome: end the session first.
      clear();
      await navigate('/agent', { replace: true });
    } else {
      // Leave first: a guarded page (a lottery) must not see the session end and ask for a login.
      await navigate('/', { replace: true });
      clear();
    }
    toast.info(t('auth.loggedOut'));
  }, [queryClient, navigate, pathname, t]);
}
