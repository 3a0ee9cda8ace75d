/**
 * Public API of the auth feature: what the main bundle needs (the dialog host, the session
 * effects, the header's place for the account). The member's header account, the dialogs and
 * the forms are split chunks; the agent login route imports its form directly (see
 * app/pages/agent-login-route.tsx).
 */
import { createRetryableImport } from '@/lib/chunk-loader';
import './auth.css';

export { AuthDialogHost, preloadAuthDialogs } from './components/auth-dialog-host';
export { HeaderAccountSkeleton } from './components/header-account-skeleton';
/** The header's logged-in side: only members need it (see useLazyModule). */
export const headerAccountChunk = createRetryableImport(
  () => import('./components/header-account'),
  'HeaderAccount',
);
export { memberIconQueryOptions } from './api/get-member-icon';
export { useMemberLanguageSync } from './hooks/use-member-language-sync';
export { useSessionRejection, useSessionRestore } from './hooks/use-session-restore';
