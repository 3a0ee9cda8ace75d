import { describe, expect, it } from 'vitest';
import type { CrashState, DoubleState } from './house-api';
import { applyCrashEvent, applyDoubleEvent } from './house-live';

/** The pages render crash and double from the socket: the broadcasts applied to the state. */
const crash: CrashState = {
  serverTimeUtc: '2026-11-24T12:00:00.000Z',
  commitment: 'c'.repeat(64),
  salt: 's',
  round: {
    id: 7,
    chainIndex: 3,
    status: 'betting',
    bettingEndsAtUtc: '2026-11-24T12:00:05.000Z',
    pointE2: null,
    gameHash: null,
    limitMinor: 6000,
    stakedMinor: 1000,
    capE2: null,
  },
  history: [],
  players: [
    {
      betId: 70,
      player: '***001',
      me: true,
      stakeMinor: 1000,
      cashoutE2: null,
      payoutMinor: 0,
      forced: false,
      autoCashoutE2: 200,
    },
  ],
};
const g = { gameCode: 'BGS_CRASH', roundId: 7 };

describe('crash from the socket', () => {
  it('adds bets, flies on ticks, marks cash-outs (forced too) and crashes into the history', () => {
    let s = applyCrashEvent(crash, {
      kind: 'bets',
      ...g,
      bets: [
        { betId: 71, player: '***002', stakeMinor: 500 },
        { betId: 70, player: '***001', stakeMinor: 1000 }, // already listed: once
      ],
    });
    expect(s.players.map((p) => p.betId)).toEqual([70, 71]);
    expect(s.round.stakedMinor).toBe(1500);
    s = applyCrashEvent(s, { kind: 'tick', ...g, multiplierE2: 152, elapsedMs: 7000, capE2: 180 });
    expect(s.round).toMatchObject({ status: 'running', capE2: 180 });
    expect(s.serverTimeUtc).toBe('2026-11-24T12:00:12.000Z');
    s = applyCrashEvent(s, {
      kind: 'cashouts',
      ...g,
      cashouts: [{ betId: 71, player: '***002', cashoutE2: 180, payoutMinor: 900, forced: true }],
    });
    expect(s.players.find((p) => p.betId === 71)).toMatchObject({ cashoutE2: 180, forced: true });
    // Another game's or round's frames change nothing.
    expect(
      applyCrashEvent(s, { kind: 'tick', ...g, roundId: 6, multiplierE2: 900, elapsedMs: 1 }),
    ).toBe(s);
    s = applyCrashEvent(s, {
      kind: 'crashed',
      ...g,
      chainIndex: 3,
      pointE2: 250,
      gameHash: 'h'.repeat(64),
    });
    expect(s.round).toMatchObject({ status: 'ended', pointE2: 250 });
    expect(s.history[0]).toMatchObject({ id: 7, pointE2: 250 });
    s = applyCrashEvent(s, {
      kind: 'round',
      gameCode: 'BGS_CRASH',
      roundId: 8,
      chainIndex: 4,
      bettingEndsAtUtc: '2026-11-24T12:01:00.000Z',
      serverTimeUtc: '2026-11-24T12:00:52.000Z',
      limitMinor: 6000,
    });
    expect(s.round).toMatchObject({ id: 8, status: 'betting', stakedMinor: 0, capE2: null });
    expect(s.players).toEqual([]);
    expect(s.history).toHaveLength(1);
  });
});

describe('double from the socket', () => {
  it('shows the result and opens the next round', () => {
    const double: DoubleState = {
      serverTimeUtc: '2026-11-24T12:00:00.000Z',
      commitment: 'c'.repeat(64),
      salt: 's',
      round: {
        id: 3,
        chainIndex: 1,
        status: 'betting',
        bettingEndsAtUtc: '2026-11-24T12:00:12.000Z',
        slot: null,
        gameHash: null,
      },
      history: [],
      myBets: [{ pick: 'red', stakeMinor: 100, payoutMinor: 0, status: 'placed' }],
    };
    let s = applyDoubleEvent(double, {
      kind: 'result',
      gameCode: 'BGS_DOUBLE',
      roundId: 3,
      chainIndex: 1,
      slot: 0,
      gameHash: 'h'.repeat(64),
    });
    expect(s.round).toMatchObject({ status: 'ended', slot: 0 });
    expect(s.history[0]).toMatchObject({ id: 3, slot: 0 });
    s = applyDoubleEvent(s, {
      kind: 'round',
      gameCode: 'BGS_DOUBLE',
      roundId: 4,
      chainIndex: 2,
      bettingEndsAtUtc: '2026-11-24T12:00:30.000Z',
      serverTimeUtc: '2026-11-24T12:00:18.000Z',
    });
    expect(s.round).toMatchObject({ id: 4, status: 'betting', slot: null });
    expect(s.myBets).toEqual([]);
  });
});
