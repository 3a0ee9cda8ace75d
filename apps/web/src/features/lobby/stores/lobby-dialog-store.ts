import type { GameCard, Vendor } from '@banca/contracts';
import { create } from 'zustand';

/**
 * The lobby's dialogs, opened from anywhere a card or vendor entry is shown (home sections, a
 * category lobby, the member's lists) and rendered once by <LobbyDialogs/>:
 * - `vendor`: the game popup of a VASSALAGE vendor (docs/product.md §2 "game popup"),
 * - `launch`: what a launch answered instead of a game (provider not connected, or the game is
 *   under maintenance with popular games to try).
 */
export type LaunchOutcome =
  | { kind: 'unavailable'; game: GameCard; message: string }
  | { kind: 'maintenance'; game: GameCard; message: string; suggestions: GameCard[] };

type LobbyDialogState = {
  vendor: Vendor | null;
  launch: LaunchOutcome | null;
  /** The card whose launch is on its way (its "opening" state). */
  launchingNodeId: number | null;
};

export const useLobbyDialogStore = create<LobbyDialogState>()(() => ({
  vendor: null,
  launch: null,
  launchingNodeId: null,
}));

export const lobbyDialogs = {
  openVendor: (vendor: Vendor) => useLobbyDialogStore.setState({ vendor }),
  closeVendor: () => useLobbyDialogStore.setState({ vendor: null }),
  showLaunchOutcome: (launch: LaunchOutcome) => useLobbyDialogStore.setState({ launch }),
  closeLaunchOutcome: () => useLobbyDialogStore.setState({ launch: null }),
  setLaunching: (launchingNodeId: number | null) =>
    useLobbyDialogStore.setState({ launchingNodeId }),
};
