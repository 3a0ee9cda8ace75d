import type { MemberInfo } from '@banca/contracts';
import { create } from 'zustand';
import { forgetSession, readSessionToken } from '@/lib/session-token';

/**
 * The player's session (docs/product.md §4).
 * - `token` mirrors the stored token (lib/session-token.ts); the API client sends it.
 * - `status`: `restoring` while a token found at boot is checked (member info loading),
 *   `passwordChange` while a forced password change is pending (the session may do nothing
 *   else), `loggedIn` once member info is in, else `anonymous`.
 * - `isLoggedIn`, `isAgent`, `isTrial` and `member` come from member info.
 */
export type SessionStatus = 'anonymous' | 'restoring' | 'passwordChange' | 'loggedIn';

export type SessionState = {
  token: string | null;
  status: SessionStatus;
  isLoggedIn: boolean;
  isAgent: boolean;
  isTrial: boolean;
  username: string | null;
  member: MemberInfo | null;
  /**
   * Set by a login in this tab (docs/product.md §4 "after-login flag"), not by a restored session.
   */
  afterLogin: boolean;
  /**
   * The login response said this was the account's first login (docs/product.md §4 first-login
   * action).
   */
  firstTimeLogin: boolean;
};

type SessionActions = {
  /**
   * A login answered with a token; member info (or a forced password change) comes next. The
   * status stays as it is: `restoring` is only for a token found at boot.
   */
  setToken: (token: string) => void;
  /** The session may only change its password until it does. */
  setPasswordChangePending: () => void;
  /** Member info loaded: the player is logged in. */
  setMember: (member: MemberInfo, login?: { firstTimeLogin: boolean }) => void;
  /** Part of member info changed on the server (e.g. the nickname, from the profile). */
  patchMember: (change: Partial<Pick<MemberInfo, 'nickname'>>) => void;
  /** Member info could not be loaded for a reason other than the session itself. */
  setRestoreFailed: () => void;
  /** Logout or a rejected session: forgets the token and everything about the member. */
  clear: () => void;
};

const loggedOut = {
  isLoggedIn: false,
  isAgent: false,
  isTrial: false,
  username: null,
  member: null,
  afterLogin: false,
  firstTimeLogin: false,
} satisfies Omit<SessionState, 'token' | 'status'>;

const bootToken = readSessionToken();

export const useSessionStore = create<SessionState & SessionActions>()((set) => ({
  token: bootToken,
  status: bootToken ? 'restoring' : 'anonymous',
  ...loggedOut,
  setToken: (token) => set({ token, status: 'anonymous', ...loggedOut }),
  setPasswordChangePending: () => set({ status: 'passwordChange', ...loggedOut }),
  setMember: (member, login) =>
    set({
      status: 'loggedIn',
      isLoggedIn: true,
      isAgent: member.isAgent,
      isTrial: member.isTrial,
      username: member.account,
      member,
      ...(login ? { afterLogin: true, firstTimeLogin: login.firstTimeLogin } : {}),
    }),
  patchMember: (change) =>
    set((state) => (state.member ? { member: { ...state.member, ...change } } : {})),
  setRestoreFailed: () => set({ status: 'anonymous', ...loggedOut }),
  clear: () => {
    forgetSession();
    set({ token: null, status: 'anonymous', ...loggedOut });
  },
}));
