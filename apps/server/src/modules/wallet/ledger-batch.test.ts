import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { seedMember } from '../../../test/seeds';
import { checkInvariants, type LedgerAccount } from './ledger';

/**
 * The group-commit function itself (migrations 0005 and 0009), called with hand-made batches
 * so it is certain which operations share a batch. A batch that can all succeed is written
 * at once; any other goes one operation at a time. Either way each operation must get the
 * answer it would have got alone, in batch order.
 */
type BatchResult =
  | {
      operationId: number;
      replayed: boolean;
      transfers: Array<{ amountMinor: number; fromBalanceAfter: number; toBalanceAfter: number }>;
    }
  | { error: string; detail: string | null };

describe.each(ENGINES)('ledger batches on %s', (engine) => {
  let t: TestApp;
  let main: LedgerAccount;
  let vendor: LedgerAccount;
  let other: LedgerAccount;
  let keyPrefix = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** A fresh member with R$ 10,00 in main, and another member's main account. */
  async function setUp() {
    const wallet = t.app.services.wallet;
    const member = { memberId: await seedMember(t.db), merchantCode: 'BANCA', currency: 'BRL' };
    const stranger = { memberId: await seedMember(t.db), merchantCode: 'BANCA', currency: 'BRL' };
    await wallet.adjust({
      member,
      amountMinor: 1_000,
      reason: 'fund',
      operatorId: 'test',
      idempotencyKey: `batch-fund-${member.memberId}`,
    });
    main = await wallet.memberAccount(member, 'main');
    vendor = await wallet.memberAccount(member, 'vendor', 'AUL');
    other = await wallet.memberAccount(stranger, 'main');
    keyPrefix += 1;
  }

  function op(key: string, from: LedgerAccount, to: LedgerAccount, amount: number) {
    return {
      key: `batch-${engine}-${keyPrefix}-${key}`,
      fingerprint: `${from.id}>${to.id}:${amount}`,
      kind: 'transfer',
      reference: '',
      transfers: [
        {
          from: from.id,
          fromKind: 'member',
          to: to.id,
          toKind: 'member',
          amount,
          kind: 'transfer',
        },
      ],
    };
  }

  async function post(ops: unknown[]): Promise<BatchResult[]> {
    const { rows } = await sql<{ results: BatchResult[] | string }>`
      SELECT ledger_post_operations(${JSON.stringify(ops)}::jsonb) AS results`.execute(t.db);
    const results = rows[0]!.results;
    return typeof results === 'string' ? (JSON.parse(results) as BatchResult[]) : results;
  }

  async function balance(account: LedgerAccount): Promise<number> {
    const row = await t.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    return Number(row.balance_minor);
  }

  it('writes a batch that can all succeed with each balance after in batch order', async () => {
    await setUp();
    const batch = [
      op('a', main, vendor, 300),
      op('b', main, vendor, 200),
      op('c', vendor, main, 100),
      op('d', main, other, 50),
    ];
    // At once: the set-based path alone answers (it returns NULL when it cannot).
    const { rows } = await sql<{ r: unknown }>`
      SELECT ledger_post_operations(${JSON.stringify(batch)}::jsonb, p_at_once_only => true) IS NOT NULL AS r`.execute(
      t.db,
    );
    expect(rows[0]!.r).toBe(true);
    // That call wrote the batch; posting it again through the entry point replays every key.
    const replay = await post(batch);
    expect(replay.map((r) => ('replayed' in r ? r.replayed : r.error))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      replay.map((r) =>
        'transfers' in r ? [r.transfers[0]!.fromBalanceAfter, r.transfers[0]!.toBalanceAfter] : [],
      ),
    ).toEqual([
      [700, 300],
      [500, 500],
      [400, 600],
      [550, 50],
    ]);
    expect([await balance(main), await balance(vendor), await balance(other)]).toEqual([
      550, 400, 50,
    ]);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('writes nothing at once when a step would go below zero', async () => {
    await setUp();
    const batch = [op('a', main, vendor, 600), op('b', main, vendor, 600)];
    const { rows } = await sql<{ r: unknown }>`
      SELECT ledger_post_operations(${JSON.stringify(batch)}::jsonb, p_at_once_only => true) AS r`.execute(
      t.db,
    );
    expect(rows[0]!.r).toBeNull();
    expect([await balance(main), await balance(vendor)]).toEqual([1_000, 0]);
    // Through the entry point the same batch goes one by one: the first passes, the second is refused.
    const results = await post(batch);
    expect(results[0]).toMatchObject({ replayed: false });
    expect(results[1]).toEqual({ error: 'LD001', detail: '400' });
  });

  it.runIf(engine === 'postgres')(
    'goes one by one when another transaction claims a key of the batch meanwhile',
    async () => {
      await setUp();
      const batch = [op('before', main, vendor, 10), op('raced', main, vendor, 20)];
      const raced = batch[1]!;
      // Another transaction claims the second key and holds it uncommitted: the batch's check
      // cannot see it, so the batch is found feasible and its insert waits on that key.
      let commitClaim!: () => void;
      const claimCommitted = new Promise<void>((resolve) => (commitClaim = resolve));
      let claimInserted!: () => void;
      const claimReady = new Promise<void>((resolve) => (claimInserted = resolve));
      const claim = t.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO ledger_operations (idempotency_key, fingerprint, kind)
                  VALUES (${raced.key}, ${raced.fingerprint}, 'transfer')`.execute(trx);
        claimInserted();
        await claimCommitted;
      });
      await claimReady;
      const posting = post(batch);
      // Wait until the batch is blocked on the claimed key, then let the claim commit.
      for (;;) {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
        if (rows[0]!.waiting > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      commitClaim();
      await claim;
      const results = await posting;

      // One by one: the first is written, the claimed key answers as the claim's replay.
      expect(results[0]).toMatchObject({
        replayed: false,
        transfers: [{ fromBalanceAfter: 990, toBalanceAfter: 10 }],
      });
      expect(results[1]).toMatchObject({ replayed: true, transfers: [] });
      expect([await balance(main), await balance(vendor)]).toEqual([990, 10]);
      // The rows the at-once attempt had inserted are gone: each key exists once.
      const { rows: keys } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_operations WHERE idempotency_key = ${batch[0]!.key}`.execute(
        t.db,
      );
      expect(keys[0]!.n).toBe(1);
      expect(await checkInvariants(t.db)).toEqual([]);
    },
  );

  it('gives each operation of a mixed batch its own answer: replays, refusals and the rest', async () => {
    await setUp();
    const [first] = await post([op('first', main, vendor, 100)]);
    expect(first).toMatchObject({ replayed: false });

    const results = await post([
      op('first', main, vendor, 100), // replay of an earlier batch
      op('ok-1', main, vendor, 600), // main 900 → 300
      op('too-much', main, vendor, 400), // main has 300: refused, nothing written
      op('ok-1', main, vendor, 600), // the same key twice in one batch: a replay
      op('conflict', main, vendor, 1), // new key: main 300 → 299, vendor 700 → 701
      { ...op('conflict', main, vendor, 2), fingerprint: 'different' }, // …reused with other content
      op('ok-2', vendor, main, 50), // vendor 701 → 651, main 299 → 349
    ]);

    expect(results[0]).toMatchObject({
      replayed: true,
      operationId: (first as { operationId: number }).operationId,
    });
    expect(results[1]).toMatchObject({
      replayed: false,
      transfers: [{ fromBalanceAfter: 300, toBalanceAfter: 700 }],
    });
    expect(results[2]).toEqual({ error: 'LD001', detail: '300' });
    expect(results[3]).toMatchObject({ replayed: true, transfers: [{ fromBalanceAfter: 300 }] });
    expect(results[4]).toMatchObject({ replayed: false });
    expect(results[5]).toMatchObject({ error: 'LD002' });
    expect(results[6]).toMatchObject({
      replayed: false,
      transfers: [{ fromBalanceAfter: 651, toBalanceAfter: 349 }],
    });
    expect([await balance(main), await balance(vendor)]).toEqual([349, 651]);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('refuses an unknown account in its slot and writes the rest of the batch', async () => {
    await setUp();
    const missing = { id: 9_000_000_000, ownerKind: 'member' as const };
    const results = await post([op('ok', main, vendor, 10), op('ghost', main, missing, 10)]);
    expect(results[0]).toMatchObject({ replayed: false });
    expect(results[1]).toMatchObject({ error: 'LD003' });
    expect(await balance(main)).toBe(990);
  });
});
