import type { RealtimeTopic, RealtimeTopicData } from '@banca/contracts';
import { createContext, useContext } from 'react';

/**
 * How the house pages follow a /ws topic: the realtime feature's `useTopic`, handed in by the app
 * (app/pages/house-game-route.tsx; a feature does not import another). Without it the pages
 * still work: house-live.ts reads the state over HTTP whenever the socket is quiet.
 */
export type FollowTopic = <T extends RealtimeTopic>(
  topic: T,
  onEvent: (data: RealtimeTopicData[T]) => void,
  options?: { onSubscribed?: () => void; enabled?: boolean },
) => void;

const noSocket: FollowTopic = () => {};
export const HouseTopicContext = createContext<FollowTopic>(noSocket);

/** The hook given by the app, the same one for the page's whole life (rules of hooks hold). */
export const useHouseTopic: FollowTopic = (topic, onEvent, options) =>
  useContext(HouseTopicContext)(topic, onEvent, options);
