import { useTopic } from '@/features/realtime';
import GamePage from '@/features/house/components/game-page';
import { HouseTopicContext } from '@/features/house/lib/live-topic';

/** `/originals/:gameCode` with the page's socket: crash and double follow their /ws topics. */
export default function HouseGameRoute() {
  return (
    <HouseTopicContext.Provider value={useTopic}>
      <GamePage />
    </HouseTopicContext.Provider>
  );
}
