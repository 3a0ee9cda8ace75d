import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dropCachedLottery } from './settings-event';

describe('the lottery settings event', () => {
  const seeded = () => {
    const client = new QueryClient();
    client.setQueryData(['lottery', 'menu', 'LOTT'], { games: [] });
    client.setQueryData(['lottery', 'results', 'LOTT_MB', 1], { draws: [] });
    client.setQueryData(['member', 'lottery', 'state', 'LOTT_MB'], { draw: null });
    client.setQueryData(['member', 'wallet', 'balances'], { main: 0 });
    return client;
  };
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey.join('/'))
      .sort();

  it('drops every cached lottery answer, and nothing else', () => {
    const client = seeded();
    expect(
      dropCachedLottery(client, { kind: 'settings', gameCode: 'LOTT_MB', merchantCode: null }),
    ).toBe(true);
    expect(stale(client)).toEqual([
      'lottery/menu/LOTT',
      'lottery/results/LOTT_MB/1',
      'member/lottery/state/LOTT_MB',
    ]);
  });

  it('leaves the cache alone on the other events', () => {
    const client = seeded();
    expect(dropCachedLottery(client, { kind: 'void', gameCode: 'LOTT_MB', drawId: 1 })).toBe(false);
    expect(stale(client)).toEqual([]);
  });
});
