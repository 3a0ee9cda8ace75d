import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '@/api/api-error';
import { onSessionRejected } from '@/api/client';
import { openAuthDialog, useAuthDialogStore } from '@/stores/auth-dialog-store';
import { useSessionStore } from '@/stores/session-store';
import { memberInfoQueryOptions, memberQueryKey } from '../api/get-member-info';

/**
 * Boot with a token (docs/product.md §4 "logged in once member info is fetched with a token"): load
 * member info and mark the session logged in. A token the server no longer knows is handled
 * by useSessionRejection; a pending forced change reopens its dialog.
 */
export function useSessionRestore(): void {
  const queryClient = useQueryClient();
  const status = useSessionStore((session) => session.status);
  useEffect(() => {
    if (status !== 'restoring') return;
    let current = true;
    queryClient
      .fetchQuery(memberInfoQueryOptions())
      .then((member) => {
        if (current) useSessionStore.getState().setMember(member);
      })
      .catch((error: unknown) => {
        if (!current) return;
        // not_logged_in and password_change_required are answered by useSessionRejection.
        if (
          isApiError(error) &&
          (error.code === 'not_logged_in' || error.code === 'password_change_required')
        )
          return;
        console.warn('Could not restore the session', error);
        useSessionStore.getState().setRestoreFailed();
      });
    return () => {
      current = false;
    };
  }, [status, queryClient]);
}

/**
 * Any call answered `not_logged_in` (the session expired or was ended elsewhere) clears the
 * session and opens the login dialog; `password_change_required` (a held session trying
 * anything but the change) opens the forced password change.
 */
export function useSessionRejection(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionRejected((code) => {
        const dialog = useAuthDialogStore.getState().dialog;
        if (code === 'not_logged_in') {
          useSessionStore.getState().clear();
          queryClient.removeQueries({ queryKey: memberQueryKey });
          if (dialog?.kind !== 'login') openAuthDialog({ kind: 'login' });
          return;
        }
        useSessionStore.getState().setPasswordChangePending();
        if (dialog?.kind !== 'changePassword' || !dialog.forced)
          openAuthDialog({ kind: 'changePassword', forced: true });
      }),
    [queryClient],
  );
}
