import type { GameCategory } from '@banca/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { lobbyParams, parseLobbyParams } from '../../lib/lobby-state';
import { LobbyDialogs } from '../games/lobby-dialogs';
import { CategoryHeading } from '../home/category-heading';
import { GameLobby, type LobbyChange } from './game-lobby';

/**
 * Game list centre (/rng, /live, /fish, /pvp, /house): a category's lobby whose state —
 * page, filter, vendor (`?vassalage=`), classify, search — is the URL's query, so reload,
 * links and Back all work.
 */
export default function GameListCenterPage({ category }: { category: GameCategory }) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseLobbyParams(params), [params]);
  const onChange = useCallback<LobbyChange>(
    (next, options) => setParams((current) => lobbyParams(next, current), options),
    [setParams],
  );
  return (
    <div className="lobby-page" data-testid="game-list-center-page" data-category={category}>
      <CategoryHeading category={category} level={1} />
      <GameLobby category={category} state={state} onChange={onChange} />
      <LobbyDialogs />
    </div>
  );
}
