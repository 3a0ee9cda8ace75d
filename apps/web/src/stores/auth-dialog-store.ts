import { create } from 'zustand';

/**
 * The account dialogs (docs/product.md §2 "Dialogs"): at most one is open, over whatever page is
 * shown. Anything may open one (the header, a guard, the API client's session rejection, a link
 * inside another dialog); the dialog host in the app renders it.
 */
export type AuthDialog =
  /** `from`: a page to go to after logging in (a guarded page the visitor asked for). */
  | { kind: 'login'; from?: string }
  | { kind: 'register'; referralCode?: string }
  | { kind: 'forgotPassword' }
  /**
   * `forced`: a weak default or expired password must be changed before anything else; the
   * dialog cannot be dismissed, only left by logging out. `knownPassword`: the password the
   * player has just logged in with, so it is not asked again. `agentLogin`: go to the agent
   * centre afterwards.
   */
  | {
      kind: 'changePassword';
      forced: boolean;
      reason?: 'weak' | 'expired';
      knownPassword?: string;
      agentLogin?: boolean;
    }
  | { kind: 'logout' }
  /** A trial (free play) member opened something only real accounts can use. */
  | { kind: 'trialNotice' };

export type AuthDialogKind = AuthDialog['kind'];

type AuthDialogState = {
  dialog: AuthDialog | null;
  open: (dialog: AuthDialog) => void;
  close: () => void;
};

export const useAuthDialogStore = create<AuthDialogState>()((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));

/** Opens an account dialog from outside React (event handlers, the API client's hooks). */
export const openAuthDialog = (dialog: AuthDialog) => useAuthDialogStore.getState().open(dialog);
