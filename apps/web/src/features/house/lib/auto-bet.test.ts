import { describe, expect, it } from 'vitest';
import { afterBet, MAX_AUTO_BETS, startState } from './auto-bet';

describe('auto-bet stop conditions', () => {
  const loss = { stakeMinor: 100, payoutMinor: 0 };
  const win = { stakeMinor: 100, payoutMinor: 300 };

  it('stops after the number of bets', () => {
    let state = startState();
    const settings = { count: 3, stopProfitMinor: 0, stopLossMinor: 0 };
    const stops = [1, 2, 3].map(() => {
      const r = afterBet(state, loss, settings);
      state = r.state;
      return r.stop;
    });
    expect(stops).toEqual([null, null, 'count']);
    expect(state).toEqual({ placed: 3, netMinor: -300 });
  });

  it('stops on profit and on loss, whichever comes first', () => {
    const settings = { count: 0, stopProfitMinor: 150, stopLossMinor: 250 };
    expect(afterBet(startState(), win, settings).stop).toBe('profit');
    let state = startState();
    state = afterBet(state, loss, settings).state;
    state = afterBet(state, loss, settings).state;
    expect(afterBet(state, loss, settings).stop).toBe('loss');
  });

  it('never runs past the bound', () => {
    const state = { placed: MAX_AUTO_BETS - 1, netMinor: 0 };
    expect(afterBet(state, loss, { count: 0, stopProfitMinor: 0, stopLossMinor: 0 }).stop).toBe(
      'count',
    );
  });
});
