import type { CrashTopicEvent, DoubleTopicEvent } from '@banca/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useHouseTopic as useTopic } from '../lib/live-topic';
import {
  BALANCES_KEY,
  crashStateQuery,
  doubleStateQuery,
  houseKeys,
  type CrashState,
  type DoubleState,
} from './house-api';

/**
 * Crash and double as the socket tells them (docs/house.md "Live over /ws"): the state is read
 * once over HTTP (and again when the topic is followed again after a reconnect, after the
 * member's own bets, and when the socket has been quiet too long), then every broadcast of the
 * game is applied to it in the query cache, so the page renders from the socket.
 */
/** A frame that should have come (a tick, the countdown's end) and is this late: read over HTTP. */
const QUIET_MS = 4_000;
/** How long the result of a round stays before the next opens (crash 3 s, double 6 s). */
const CRASH_RESULT_MS = 3_000;
const DOUBLE_RESULT_MS = 6_000;
const HISTORY = 20;

/** The round's status and the end of its countdown on this device's clock. */
function quietView(
  data: { serverTimeUtc: string; round: { status: string; bettingEndsAtUtc: string } } | undefined,
  receivedAt: number,
) {
  if (!data) return undefined;
  return {
    status: data.round.status,
    bettingEndsAtLocal:
      Date.parse(data.round.bettingEndsAtUtc) - Date.parse(data.serverTimeUtc) + receivedAt,
  };
}

/**
 * Reads the state again when the socket is late: no frame QUIET_MS after one was due (a tick
 * while flying, the end of the countdown, the next round after a result). The HTTP read also
 * moves the rounds on, should no instance be driving them.
 */
function useQuietRefetch(
  lastFrameAt: { current: number },
  state: { status: string; bettingEndsAtLocal: number } | undefined,
  resultMs: number,
  refetch: () => void,
) {
  const latest = useRef({ state, refetch });
  useEffect(() => {
    latest.current = { state, refetch };
  });
  useEffect(() => {
    const timer = setInterval(() => {
      const { state, refetch } = latest.current;
      if (!state || document.visibilityState !== 'visible') return;
      const last = lastFrameAt.current;
      const due =
        state.status === 'betting'
          ? Math.max(last, state.bettingEndsAtLocal)
          : state.status === 'running'
            ? last
            : last + resultMs;
      if (Date.now() > due + QUIET_MS) {
        lastFrameAt.current = Date.now();
        refetch();
      }
    }, 1_000);
    return () => clearInterval(timer);
  }, [lastFrameAt, resultMs]);
}

export function applyCrashEvent(state: CrashState, event: CrashTopicEvent): CrashState {
  const round = state.round;
  switch (event.kind) {
    case 'round':
      return {
        ...state,
        serverTimeUtc: event.serverTimeUtc,
        round: {
          id: event.roundId,
          chainIndex: event.chainIndex,
          status: 'betting',
          bettingEndsAtUtc: event.bettingEndsAtUtc,
          pointE2: null,
          gameHash: null,
          limitMinor: event.limitMinor ?? null,
          stakedMinor: 0,
          capE2: null,
        },
        players: [],
      };
    case 'tick':
      if (event.roundId !== round.id || round.status === 'ended') return state;
      return {
        ...state,
        // The tick's instant on the server's clock: the page's clock offset follows it.
        serverTimeUtc: new Date(Date.parse(round.bettingEndsAtUtc) + event.elapsedMs).toISOString(),
        round: { ...round, status: 'running', capE2: event.capE2 ?? round.capE2 },
      };
    case 'bet':
      if (event.roundId !== round.id || state.players.some((p) => p.betId === event.betId))
        return state;
      return {
        ...state,
        round: { ...round, stakedMinor: round.stakedMinor + event.stakeMinor },
        players: [
          ...state.players,
          {
            betId: event.betId ?? -state.players.length - 1,
            player: event.player,
            me: false,
            stakeMinor: event.stakeMinor,
            cashoutE2: null,
            payoutMinor: 0,
            forced: false,
            autoCashoutE2: null,
          },
        ],
      };
    case 'bets': {
      if (event.roundId !== round.id) return state;
      const known = new Set(state.players.map((p) => p.betId));
      const added = event.bets.filter((b) => !known.has(b.betId));
      return {
        ...state,
        round: {
          ...round,
          stakedMinor: round.stakedMinor + added.reduce((sum, b) => sum + b.stakeMinor, 0),
        },
        players: [
          ...state.players,
          ...added.map((b) => ({
            betId: b.betId,
            player: b.player,
            me: false,
            stakeMinor: b.stakeMinor,
            cashoutE2: null,
            payoutMinor: 0,
            forced: false,
            autoCashoutE2: null,
          })),
        ],
      };
    }
    case 'cashout':
    case 'cashouts': {
      if (event.roundId !== round.id) return state;
      const list =
        event.kind === 'cashouts'
          ? event.cashouts
          : [{ ...event, betId: event.betId ?? -1, forced: event.forced ?? false }];
      const byBet = new Map(list.map((c) => [c.betId, c]));
      return {
        ...state,
        players: state.players.map((p) => {
          const c = byBet.get(p.betId);
          return c
            ? { ...p, cashoutE2: c.cashoutE2, payoutMinor: c.payoutMinor, forced: c.forced }
            : p;
        }),
      };
    }
    case 'crashed':
      if (event.roundId !== round.id) return state;
      return {
        ...state,
        round: { ...round, status: 'ended', pointE2: event.pointE2, gameHash: event.gameHash },
        history: [
          {
            id: event.roundId,
            pointE2: event.pointE2,
            gameHash: event.gameHash,
            chainIndex: event.chainIndex,
          },
          ...state.history.filter((h) => h.id !== event.roundId),
        ].slice(0, HISTORY),
      };
  }
}

/** The crash game's state, kept current by `house.crash`. */
export function useCrashLive(gameCode: string) {
  const queryClient = useQueryClient();
  const query = useQuery(crashStateQuery(gameCode));
  const key = houseKeys.crash(gameCode);
  const lastFrameAt = useRef(Date.now());
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key });
  useTopic(
    'house.crash',
    (event) => {
      if (event.gameCode !== gameCode) return;
      lastFrameAt.current = Date.now();
      const before = queryClient.getQueryData<CrashState>(key);
      if (!before) return;
      queryClient.setQueryData<CrashState>(key, applyCrashEvent(before, event));
      // The member's own bet ended (crash, a cash-out of theirs): balance and bet from the server.
      const mine = before.players.find((p) => p.me);
      if (!mine) return;
      const ours =
        event.kind === 'crashed' ||
        (event.kind === 'cashout' && event.betId === mine.betId) ||
        (event.kind === 'cashouts' && event.cashouts.some((c) => c.betId === mine.betId));
      if (ours) {
        void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
        if (event.kind !== 'crashed') refetch();
      }
    },
    { onSubscribed: refetch },
  );
  useQuietRefetch(
    lastFrameAt,
    quietView(query.data, query.dataUpdatedAt),
    CRASH_RESULT_MS,
    refetch,
  );
  return query;
}

export function applyDoubleEvent(state: DoubleState, event: DoubleTopicEvent): DoubleState {
  switch (event.kind) {
    case 'round':
      return {
        ...state,
        serverTimeUtc: event.serverTimeUtc,
        round: {
          id: event.roundId,
          chainIndex: event.chainIndex,
          status: 'betting',
          bettingEndsAtUtc: event.bettingEndsAtUtc,
          slot: null,
          gameHash: null,
        },
        myBets: [],
      };
    case 'result':
      if (event.roundId !== state.round.id) return state;
      return {
        ...state,
        round: { ...state.round, status: 'ended', slot: event.slot, gameHash: event.gameHash },
        history: [
          {
            id: event.roundId,
            slot: event.slot,
            gameHash: event.gameHash,
            chainIndex: event.chainIndex,
          },
          ...state.history.filter((h) => h.id !== event.roundId),
        ].slice(0, HISTORY),
      };
    case 'bet':
      return state;
  }
}

/** The double game's state, kept current by `house.double`. */
export function useDoubleLive(gameCode: string) {
  const queryClient = useQueryClient();
  const query = useQuery(doubleStateQuery(gameCode));
  const key = houseKeys.double(gameCode);
  const lastFrameAt = useRef(Date.now());
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key });
  useTopic(
    'house.double',
    (event) => {
      if (event.gameCode !== gameCode) return;
      lastFrameAt.current = Date.now();
      const before = queryClient.getQueryData<DoubleState>(key);
      if (!before) return;
      queryClient.setQueryData<DoubleState>(key, applyDoubleEvent(before, event));
      // The result is published once the bets are paid: the member's payouts and balance.
      if (event.kind === 'result' && before.myBets.length > 0) {
        refetch();
        void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      }
    },
    { onSubscribed: refetch },
  );
  useQuietRefetch(
    lastFrameAt,
    quietView(query.data, query.dataUpdatedAt),
    DOUBLE_RESULT_MS,
    refetch,
  );
  return query;
}
