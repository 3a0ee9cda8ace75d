import { LOBBY_PAGE_SIZE, type Vendor } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ArrowRightIcon } from '@/components/icons';
import { Pagination } from '@/components/pagination';
import { useLanguage } from '@/i18n';
import { vendorRoute } from '@/lib/game-categories';
import { gamesQueryOptions } from '../../api/get-games';
import { useMember } from '../../hooks/use-member';
import { DIALOG_PAGINATION } from '../../lib/pagination';
import { lobbyDialogs } from '../../stores/lobby-dialog-store';
import { GameGrid, GameGridSkeleton } from './game-grid';
import { ListError } from './list-states';

/**
 * The game popup (docs/product.md §2): a VASSALAGE vendor's games, 18 a page, the same cards as the
 * lobby. Launching stacks its answer over the popup; "open in the lobby" leaves for the
 * category page filtered to the vendor.
 */
export function VendorGamesDialog({ vendor }: { vendor: Vendor }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { username } = useMember();
  const [page, setPage] = useState(1);
  const games = useQuery(
    gamesQueryOptions(
      {
        gameType: vendor.gameCategory,
        vassalage: vendor.code,
        selectType: 'ALL',
        pageNo: page,
        pageSize: LOBBY_PAGE_SIZE,
      },
      language,
      username,
    ),
  );
  return (
    <Dialog
      open
      onClose={lobbyDialogs.closeVendor}
      size="lg"
      title={
        <span className="vendor-dialog__title">
          <img src={vendor.logoUrl} alt="" width={240} height={80} />
          <span>{t('lobby.popup.title', { vendor: vendor.name })}</span>
        </span>
      }
      data-testid="game-popup"
    >
      <div className="vendor-dialog" data-vendor={vendor.code}>
        {games.isPending ? <GameGridSkeleton count={LOBBY_PAGE_SIZE} /> : null}
        {games.isError ? (
          <ListError error={games.error} onRetry={() => void games.refetch()} />
        ) : null}
        {games.data ? (
          <div className={games.isPlaceholderData ? 'is-stale' : undefined}>
            <GameGrid games={games.data.games} data-testid="game-popup-grid" />
          </div>
        ) : null}
        <div className="vendor-dialog__footer">
          {games.data ? (
            <Pagination
              page={page}
              totalPages={games.data.totalPages}
              onChange={setPage}
              shape={DIALOG_PAGINATION}
            />
          ) : null}
          <Link
            to={vendorRoute(vendor.gameCategory, vendor.code)}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            onClick={lobbyDialogs.closeVendor}
            data-testid="game-popup-lobby"
          >
            {t('lobby.popup.openLobby')}
            <ArrowRightIcon width={16} height={16} />
          </Link>
        </div>
      </div>
    </Dialog>
  );
}
