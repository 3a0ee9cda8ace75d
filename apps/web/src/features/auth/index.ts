/**
 * Public API of the auth feature: what the main bundle needs (the header's account area, the
 * dialog host, the session effects). The dialogs and forms are a split chunk; the agent login
 * route imports its form directly (see app/pages/agent-login-route.tsx).
 */
import './auth.css';

export { AuthDialogHost, preloadAuthDialogs } from './components/auth-dialog-host';
export { HeaderAccount, HeaderAccountSkeleton } from './components/header-account';
export { memberIconQueryOptions } from './api/get-member-icon';
export { useMemberLanguageSync } from './hooks/use-member-language-sync';
export { useSessionRejection, useSessionRestore } from './hooks/use-session-restore';
