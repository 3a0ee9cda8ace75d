import type { PermissionInfo } from '@banca/contracts';
import { useLocation, useNavigate } from 'react-router';
import { useAuthDialogStore, type AuthDialog } from '@/stores/auth-dialog-store';
import { ChangePasswordDialog } from './change-password-dialog';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginDialog } from './login-dialog';
import { LogoutDialog } from './logout-dialog';
import { RegisterDialog } from './register-dialog';
import { TrialNoticeDialog } from './trial-notice-dialog';

/** Pages that exist only to open a dialog: dismissing it leaves them for plain home. */
const DIALOG_PATHS = new Set(['/login', '/register']);

/**
 * The account dialogs, one split chunk loaded the first time any of them opens (the home
 * route does not pay for forms it may never show).
 */
export default function AuthDialogs({
  dialog,
  info,
}: {
  dialog: AuthDialog;
  info: PermissionInfo;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dismiss = () => {
    useAuthDialogStore.getState().close();
    if (DIALOG_PATHS.has(pathname)) void navigate('/', { replace: true });
  };
  switch (dialog.kind) {
    case 'login':
      return <LoginDialog info={info} from={dialog.from} onClose={dismiss} />;
    case 'register':
      return <RegisterDialog info={info} referralCode={dialog.referralCode} onClose={dismiss} />;
    case 'forgotPassword':
      return <ForgotPasswordDialog info={info} onClose={dismiss} />;
    case 'changePassword':
      return (
        <ChangePasswordDialog
          info={info}
          forced={dialog.forced}
          reason={dialog.reason}
          knownPassword={dialog.knownPassword}
          agentLogin={dialog.agentLogin}
          onClose={dismiss}
        />
      );
    case 'logout':
      return <LogoutDialog onClose={dismiss} />;
    case 'trialNotice':
      return <TrialNoticeDialog />;
  }
}
