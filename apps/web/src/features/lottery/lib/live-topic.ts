import type { RealtimeTopic, RealtimeTopicData } from '@banca/contracts';
import { createContext, useContext } from 'react';

/**
 * How the lottery pages follow the `lottery` /ws topic: the realtime feature's `useTopic`,
 * handed in by the app (app/pages/lottery-route.tsx; a feature does not import another).
 * Without it the pages still work: they read the state again when a countdown ends.
 */
export type FollowTopic = <T extends RealtimeTopic>(
  topic: T,
  onEvent: (data: RealtimeTopicData[T]) => void,
  options?: { onSubscribed?: () => void; enabled?: boolean },
) => void;

const noSocket: FollowTopic = () => {};
export const LotteryTopicContext = createContext<FollowTopic>(noSocket);

export const useLotteryTopic: FollowTopic = (topic, onEvent, options) =>
  useContext(LotteryTopicContext)(topic, onEvent, options);
