import type { PermissionInfo } from '@banca/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { lazyArea } from '@/components/lazy-area';
import { Spinner } from '@/components/spinner';
import { loadCataloguePart } from '@/i18n';
import {
  useAuthDialogStore,
  type AuthDialog,
  type AuthDialogKind,
} from '@/stores/auth-dialog-store';

type HostedProps = { dialog: AuthDialog; info: PermissionInfo };

const TITLES: Record<
  AuthDialogKind,
  | 'auth.loginTitle'
  | 'auth.registerTitle'
  | 'forgot.title'
  | 'changePassword.title'
  | 'auth.logoutTitle'
  | 'trial.title'
> = {
  login: 'auth.loginTitle',
  register: 'auth.registerTitle',
  forgotPassword: 'forgot.title',
  changePassword: 'changePassword.title',
  logout: 'auth.logoutTitle',
  trialNotice: 'trial.title',
};

/** The frame shown while the dialogs' chunk loads, or when it failed (with its Retry). */
function LoadingFrame({ dialog, children }: { dialog: AuthDialog; children: ReactNode }) {
  const { t } = useTranslation();
  const forced = dialog.kind === 'changePassword' && dialog.forced;
  return (
    <Dialog
      open
      onClose={() => useAuthDialogStore.getState().close()}
      dismissible={!forced}
      title={t(TITLES[dialog.kind])}
      data-testid="auth-dialog-loading"
    >
      {children}
    </Dialog>
  );
}

const AuthDialogs = lazyArea<HostedProps>(
  'Accounts',
  // The forms' texts are a catalogue part of their own, loaded with their code.
  () =>
    Promise.all([import('./auth-dialogs'), loadCataloguePart('accounts')]).then(
      ([module]) => module,
    ),
  {
    fallback: ({ dialog }) => (
      <LoadingFrame dialog={dialog}>
        <div className="auth-dialog-loading">
          <Spinner sizePx={32} />
        </div>
      </LoadingFrame>
    ),
    frameError: (error, { dialog }) => <LoadingFrame dialog={dialog}>{error}</LoadingFrame>,
  },
);

/** Starts loading the dialogs when the player is about to open one (hover, focus). */
export const preloadAuthDialogs = AuthDialogs.preload;

/**
 * Renders the account dialog that is open (see stores/auth-dialog-store.ts), over any page and
 * layout. Lives in the main bundle; the dialogs themselves are a split chunk.
 */
export function AuthDialogHost({ info }: { info: PermissionInfo }) {
  const dialog = useAuthDialogStore((state) => state.dialog);
  return dialog ? <AuthDialogs dialog={dialog} info={info} /> : null;
}
