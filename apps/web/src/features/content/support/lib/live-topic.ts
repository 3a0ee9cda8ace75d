import type { RealtimeTopic, RealtimeTopicData } from '@banca/contracts';
import { createContext, useContext } from 'react';

/**
 * How the console's support desk follows the `support.desk` /ws topic: the realtime feature's
 * `useTopic`, handed in by the app (app/admin-route.tsx; a feature does not import another), as
 * the lottery pages get theirs. Without it the desk still works: it polls (SUPPORT_DESK_POLL_MS).
 */
export type FollowGuardedTopic = <T extends RealtimeTopic>(
  topic: T,
  onEvent: (data: RealtimeTopicData[T]) => void,
  options?: {
    onSubscribed?: () => void;
    enabled?: boolean;
    key?: string;
    onRefused?: (code: string) => void;
  },
) => void;

const noSocket: FollowGuardedTopic = () => {};
export const SupportTopicContext = createContext<FollowGuardedTopic>(noSocket);

export const useSupportTopic: FollowGuardedTopic = (topic, onEvent, options) =>
  useContext(SupportTopicContext)(topic, onEvent, options);
