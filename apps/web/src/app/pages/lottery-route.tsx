import { useTopic } from '@/features/realtime';
import LotteryPage, { type LotteryVariant } from '@/features/lottery/components/lottery-page';
import { LotteryTopicContext } from '@/features/lottery/lib/live-topic';

/** `/lottery`, `/seaLottery`, `/vnLottery` with the page's socket: draws and results over /ws. */
export default function LotteryRoute({ variant }: { variant: LotteryVariant }) {
  return (
    <LotteryTopicContext.Provider value={useTopic}>
      <LotteryPage variant={variant} />
    </LotteryTopicContext.Provider>
  );
}
