import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { LotteryPrizeMode } from '@banca/contracts/lottery-rules';
import { useLotteryTopic } from '../lib/live-topic';
import { dropCachedLottery } from '../lib/settings-event';
import { BettingPage } from './betting-page';
import { LotteryLobby } from './lottery-lobby';
import styles from './lottery.module.css';

export type LotteryVariant = 'lottery' | 'seaLottery' | 'vnLottery';

/** The prize mode each route opens on (spec §7: /vnLottery is LOTT, /seaLottery SEA). */
const MODE_OF: Record<LotteryVariant, LotteryPrizeMode> = {
  lottery: 'ELOTT',
  vnLottery: 'LOTT',
  seaLottery: 'SEA',
};

/**
 * Lottery pages (/lottery, /seaLottery, /vnLottery ?gameCode=…; behind the session guard): the
 * lobby, or a game's betting page when a game code is given.
 */
export default function LotteryPage({ variant }: { variant: LotteryVariant }) {
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode') ?? '';
  const queryClient = useQueryClient();
  // facts.md §1: an operator changed a game's settings: every cached lottery answer is stale.
  useLotteryTopic('lottery', (event) => dropCachedLottery(queryClient, event));
  return (
    <div
      className={styles.page}
      data-testid="lottery-page"
      data-variant={variant}
      data-game-code={gameCode}
    >
      {gameCode ? (
        <BettingPage gameCode={gameCode} basePath={`/${variant}`} />
      ) : (
        <LotteryLobby initialMode={MODE_OF[variant]} />
      )}
    </div>
  );
}
