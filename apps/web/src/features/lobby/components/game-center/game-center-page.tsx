import type { GameCategory } from '@banca/contracts';
import { LobbyDialogs } from '../games/lobby-dialogs';
import { CategoryHeading } from '../home/category-heading';
import { GameCenterView } from './game-center-view';

/** Game centre (/sports, /esports, /lott, /elott, /cockfight): a category's vendor lobbies. */
export default function GameCenterPage({ category }: { category: GameCategory }) {
  return (
    <div className="lobby-page" data-testid="game-center-page" data-category={category}>
      <CategoryHeading category={category} level={1} />
      <GameCenterView category={category} />
      <LobbyDialogs />
    </div>
  );
}
