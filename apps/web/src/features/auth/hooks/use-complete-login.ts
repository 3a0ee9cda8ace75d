import type { LoginResponse, MemberInfo } from '@banca/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currentLanguage } from '@/i18n';
import { saveSessionToken } from '@/lib/session-token';
import { openAuthDialog, useAuthDialogStore } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';
import { toast } from '@/stores/toast-store';
import { memberInfoQueryOptions, memberQueryKey } from '../api/get-member-info';
import { updateMemberLanguage } from '../api/update-member-language';

/** How a login was made, which decides where the player goes afterwards. */
export type LoginContext = {
  remember: boolean;
  /** The /agent page's login: go to the agent centre. */
  agentLogin?: boolean;
  /** The password just typed, so a forced change does not ask for it again. */
  knownPassword?: string;
  /** Registration, password reset and change go home afterwards (docs/product.md §4). */
  goHome?: boolean;
  /** A guarded page the visitor asked for before logging in. */
  from?: string;
};

/** Pages that are only a way to open a dialog: after it, the player lands on plain home. */
const DIALOG_PATHS = new Set(['/login', '/register']);

/**
 * The end of every login (docs/product.md §4 "Login success"): load member info, mark the session
 * logged in, close the dialog and go where the login was meant to lead. Also used after a forced
 * password change, when the held session becomes a full one.
 */
export function useFinishLogin(): (
  context: LoginContext,
  login?: LoginResponse,
) => Promise<MemberInfo> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    async (context, login) => {
      let member: MemberInfo;
      try {
        member = await queryClient.fetchQuery({ ...memberInfoQueryOptions(), staleTime: 0 });
      } catch (error) {
        // A token without member info is no session at all: start clean.
        useSessionStore.getState().clear();
        throw error;
      }
      useSessionStore
        .getState()
        .setMember(member, { firstTimeLogin: login?.firstTimeLogin ?? false });
      useAuthDialogStore.getState().close();
      // The player's language choice in this browser wins; the server learns it
      // (docs/platform-facts.md §1).
      const language = currentLanguage();
      if (!member.isTrial && member.language !== language) {
        updateMemberLanguage(language).catch((error: unknown) =>
          console.warn('Could not store the member language', error),
        );
      }
      toast.success(
        member.isTrial
          ? t('auth.freePlayWelcome')
          : t('auth.welcome', { name: member.nickname || member.account }),
      );
      if (context.agentLogin) void navigate('/agentHome');
      else if (context.goHome) void navigate('/', { replace: DIALOG_PATHS.has(pathname) });
      else if (context.from) void navigate(context.from, { replace: true });
      else if (DIALOG_PATHS.has(pathname)) void navigate('/', { replace: true });
      return member;
    },
    [queryClient, navigate, pathname, t],
  );
}

/**
 * A login response arrived (password, SMS, free play, registration, reset, verification):
 * keep the token, then either hold the player in the forced password change (docs/product.md §4:
 * the weak default or an expired password) or finish the login.
 */
export function useCompleteLogin(): (
  response: LoginResponse,
  context: LoginContext,
) => Promise<void> {
  const queryClient = useQueryClient();
  const finishLogin = useFinishLogin();
  return useCallback(
    async (response, context) => {
      saveSessionToken(response.token, {
        remember: context.remember,
        expiresAt: response.expiresAt,
      });
      // Whatever was cached belonged to the previous session, if any.
      queryClient.removeQueries({ queryKey: memberQueryKey });
      const session = useSessionStore.getState();
      session.setToken(response.token);
      if (response.mustChangePassword) {
        session.setPasswordChangePending();
        openAuthDialog({
          kind: 'changePassword',
          forced: true,
          reason: response.passwordExpired ? 'expired' : 'weak',
          knownPassword: context.knownPassword,
          agentLogin: context.agentLogin,
        });
        return;
      }
      await finishLogin(context, response);
    },
    [queryClient, finishLogin],
  );
}
