import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { lobbyDialogs, useLobbyDialogStore } from '../../stores/lobby-dialog-store';
import { LaunchOutcomeDialog } from './launch-outcome-dialog';
import { VendorGamesDialog } from './vendor-games-dialog';

/**
 * The lobby's dialogs (game popup, launch outcome), rendered once by each lobby page. They
 * close when the page changes, so coming back never finds an old one open.
 */
export function LobbyDialogs() {
  const vendor = useLobbyDialogStore((state) => state.vendor);
  const launch = useLobbyDialogStore((state) => state.launch);
  const { pathname } = useLocation();
  useEffect(
    () => () => {
      lobbyDialogs.closeVendor();
      lobbyDialogs.closeLaunchOutcome();
    },
    [pathname],
  );
  return (
    <>
      {vendor ? <VendorGamesDialog key={vendor.code} vendor={vendor} /> : null}
      {launch ? <LaunchOutcomeDialog outcome={launch} /> : null}
    </>
  );
}
