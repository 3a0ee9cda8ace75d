import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTransferStore } from '../src/transfer-store';

const dir = mkdtempSync(path.join(tmpdir(), 'transfer-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const transfer = (
  over: Partial<Parameters<ReturnType<typeof createTransferStore>['transfer']>[0]> = {},
) => ({
  vendor: 'AUL',
  transferId: 't1',
  playerId: '7',
  currency: 'BRL',
  direction: 'IN' as const,
  amountMinor: 5_000,
  ...over,
});

describe('the transfer-wallet store', () => {
  it('decides each transfer id once; a repeat with other content is a duplicate', () => {
    const store = createTransferStore();
    expect(store.transfer(transfer())).toMatchObject({
      state: 'SUCCEEDED',
      balanceAfterMinor: 5_000,
    });
    expect(store.transfer(transfer())).toMatchObject({
      state: 'SUCCEEDED',
      balanceAfterMinor: 5_000,
    });
    expect(store.transfer(transfer({ amountMinor: 1 }))).toBe('duplicate');
    expect(store.balance('AUL', '7', 'BRL')).toBe(5_000);
    // Out beyond the balance: refused, and the refusal is final for that id.
    const refused = store.transfer(
      transfer({ transferId: 't2', direction: 'OUT', amountMinor: 6_000 }),
    );
    expect(refused).toMatchObject({ state: 'FAILED', code: 'INSUFFICIENT_FUNDS' });
    store.transfer(transfer({ transferId: 't3', amountMinor: 2_000 }));
    expect(
      store.transfer(transfer({ transferId: 't2', direction: 'OUT', amountMinor: 6_000 })),
    ).toMatchObject({ state: 'FAILED' });
    expect(store.balance('AUL', '7', 'BRL')).toBe(7_000);
    expect(store.balance('ARS', '7', 'BRL')).toBe(0);
  });

  it('plays a round from the balance, in feed order, and refuses a stake it cannot cover', () => {
    const store = createTransferStore();
    store.transfer(transfer({ amountMinor: 300 }));
    const round = (roundId: string, stakeMinor: number, payoutMinor: number) =>
      store.playRound(
        {
          vendor: 'AUL',
          playerId: '7',
          currency: 'BRL',
          gameCode: 'AUL_00001',
          roundId,
          stakeMinor,
        },
        () => ({ result: null, payoutMinor }),
      );
    expect(round('r1', 200, 500)).toMatchObject({
      insufficient: false,
      round: { seq: 1, balanceAfterMinor: 600 },
    });
    expect(round('r2', 700, 0)).toEqual({ insufficient: true, balanceMinor: 600 });
    expect(round('r3', 100, 0)).toMatchObject({ round: { seq: 2, balanceAfterMinor: 500 } });
    expect(store.rounds('AUL', 0, 10).map((r) => r.roundId)).toEqual(['r1', 'r3']);
    expect(store.rounds('AUL', 1, 10).map((r) => r.roundId)).toEqual(['r3']);
    expect(store.rounds('AUL', 2, 10)).toEqual([]);
  });

  it('survives a restart from its journal, a torn last line included', () => {
    const file = path.join(dir, 'journal.jsonl');
    const first = createTransferStore({ file });
    first.transfer(transfer({ amountMinor: 1_000 }));
    first.playRound(
      {
        vendor: 'AUL',
        playerId: '7',
        currency: 'BRL',
        gameCode: 'AUL_00001',
        roundId: 'r1',
        stakeMinor: 100,
      },
      () => ({ result: null, payoutMinor: 250 }),
    );
    first.close();
    appendFileSync(file, '{"kind":"transfer","vendor":"AU'); // a crash mid-write
    const second = createTransferStore({ file });
    expect(second.balance('AUL', '7', 'BRL')).toBe(1_150);
    expect(second.findTransfer('AUL', 't1')).toMatchObject({ state: 'SUCCEEDED' });
    expect(second.rounds('AUL', 0, 10)).toHaveLength(1);
    // A repeat of the journalled transfer answers the first decision and moves nothing.
    expect(second.transfer(transfer({ amountMinor: 1_000 }))).toMatchObject({
      balanceAfterMinor: 1_000,
    });
    expect(second.balance('AUL', '7', 'BRL')).toBe(1_150);
    second.close();
  });
});
