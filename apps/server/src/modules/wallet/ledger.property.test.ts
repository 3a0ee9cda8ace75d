import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { seedMember } from '../../../test/seeds';
import { AppError } from '../../http/errors';
import { checkInvariants, postOperation } from './ledger';
import type { MemberRef, WalletService } from './service';

/**
 * Property-based proof of the ledger (issue "Wallet" §6): random sequences of concurrent
 * operations — wallet transfers, adjustments, bets and wins through the wallet service the
 * vendor API uses — across several members, each sent 1 to 3 times in any order. After every
 * run the books must balance and every idempotency key must have been applied once.
 */
const VENDOR_WALLET = 'AUL';

type Op =
  | { kind: 'transfer'; member: number; toVendor: boolean; amountMinor: number }
  | { kind: 'adjust'; member: number; amountMinor: number }
  | { kind: 'bet'; member: number; amountMinor: number }
  | { kind: 'win'; member: number; amountMinor: number };

const opArbitrary = (members: number) =>
  fc.oneof(
    fc.record({
      kind: fc.constant('transfer' as const),
      member: fc.nat(members - 1),
      toVendor: fc.boolean(),
      amountMinor: fc.integer({ min: 1, max: 5_000 }),
    }),
    fc.record({
      kind: fc.constant('adjust' as const),
      member: fc.nat(members - 1),
      amountMinor: fc.integer({ min: -3_000, max: 8_000 }).filter((n) => n !== 0),
    }),
    fc.record({
      kind: fc.constant('bet' as const),
      member: fc.nat(members - 1),
      amountMinor: fc.integer({ min: 1, max: 4_000 }),
    }),
    fc.record({
      kind: fc.constant('win' as const),
      member: fc.nat(members - 1),
      amountMinor: fc.integer({ min: 1, max: 9_000 }),
    }),
  );

/** Runs one operation under its key; business refusals (insufficient funds) are outcomes, not failures. */
async function apply(
  wallet: WalletService,
  refs: MemberRef[],
  op: Op,
  key: string,
): Promise<'ok' | 'refused'> {
  const member = refs[op.member]!;
  try {
    if (op.kind === 'transfer') {
      const main = await wallet.memberAccount(member, 'main');
      const vendor = await wallet.memberAccount(member, 'vendor', VENDOR_WALLET);
      await postOperation(wallet.db, {
        idempotencyKey: `prop-transfer:${key}`,
        kind: 'transfer',
        transfers: [
          {
            from: op.toVendor ? main : vendor,
            to: op.toVendor ? vendor : main,
            amountMinor: op.amountMinor,
            kind: 'transfer',
          },
        ],
      });
    } else if (op.kind === 'adjust') {
      await wallet.adjust({
        member,
        amountMinor: op.amountMinor,
        reason: 'property test',
        operatorId: 'prop',
        idempotencyKey: `prop:${key}`,
      });
    } else if (op.kind === 'bet') {
      await wallet.placeBet({
        member,
        vendorCode: 'PG',
        txId: key,
        roundId: `r-${key}`,
        amountMinor: op.amountMinor,
      });
    } else {
      await wallet.settleWin({
        member,
        vendorCode: 'PG',
        txId: key,
        roundId: `r-${key}`,
        amountMinor: op.amountMinor,
      });
    }
    return 'ok';
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') return 'refused';
    throw error;
  }
}

describe.each(ENGINES)('ledger properties on %s', (engine) => {
  let t: TestApp;
  let run = 0;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function newMembers(count: number): Promise<MemberRef[]> {
    const refs: MemberRef[] = [];
    for (let i = 0; i < count; i++)
      refs.push({ memberId: await seedMember(t.db), merchantCode: 'BANCA', currency: 'BRL' });
    return refs;
  }

  async function memberBalances(refs: MemberRef[]): Promise<number[][]> {
    return Promise.all(
      refs.map(async (m) => {
        const b = await t.app.services.wallet.balances(
          m,
          await t.app.services.system.resolveBrand('BANCA', 'localhost'),
        );
        return [b.main.balanceMinor, ...b.vendors.map((v) => v.balanceMinor)];
      }),
    );
  }

  it('keeps the books balanced under random concurrent operations with retries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(opArbitrary(4), fc.integer({ min: 1, max: 3 })), {
          minLength: 5,
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        async (ops, shuffleSeed) => {
          run += 1;
          const refs = await newMembers(4);
          const sends: Array<{ op: Op; key: string }> = [];
          ops.forEach(([op, copies], i) => {
            for (let c = 0; c < copies; c++) sends.push({ op, key: `${engine}-${run}-${i}` });
          });
          // Shuffle deterministically from the generated seed, so a failure replays exactly.
          let s = shuffleSeed;
          for (let i = sends.length - 1; i > 0; i--) {
            s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
            const j = s % (i + 1);
            [sends[i], sends[j]] = [sends[j]!, sends[i]!];
          }
          await Promise.all(sends.map((x) => apply(t.app.services.wallet, refs, x.op, x.key)));

          expect(await checkInvariants(t.db)).toEqual([]);
          // Every operation of this run applied at most once, however many copies were sent.
          const perKey = await sql<{ n: number }>`
            SELECT coalesce(max(n), 0)::int AS n FROM (
              SELECT count(*) AS n FROM ledger_operations
              WHERE idempotency_key LIKE ${`%${engine}-${run}-%`}
              GROUP BY substring(idempotency_key from ${`${engine}-${run}-[0-9]+`})) k`.execute(
            t.db,
          );
          expect(perKey.rows[0]!.n).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: engine === 'pglite' ? 12 : 20 },
    );
  });

  it('gives the same final balances whether each operation is sent once or 1–3 times concurrently', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(opArbitrary(3), fc.integer({ min: 1, max: 3 })), {
          minLength: 3,
          maxLength: 20,
        }),
        async (ops) => {
          run += 1;
          // Generous funds so that no operation is refused: order then cannot change outcomes.
          const once = await newMembers(3);
          const many = await newMembers(3);
          for (const refs of [once, many]) {
            for (const m of refs) {
              await t.app.services.wallet.adjust({
                member: m,
                amountMinor: 10_000_000,
                reason: 'fund',
                operatorId: 'prop',
                idempotencyKey: `fund-${m.memberId}`,
              });
              await apply(
                t.app.services.wallet,
                refs,
                {
                  kind: 'transfer',
                  member: refs.indexOf(m),
                  toVendor: true,
                  amountMinor: 1_000_000,
                },
                `fundv-${m.memberId}`,
              );
            }
          }
          for (const [i, [op]] of ops.entries())
            await apply(t.app.services.wallet, once, op, `${engine}-once-${run}-${i}`);
          await Promise.all(
            ops.flatMap(([op, copies], i) =>
              Array.from({ length: copies }, () =>
                apply(t.app.services.wallet, many, op, `${engine}-many-${run}-${i}`),
              ),
            ),
          );
          expect(await memberBalances(many)).toEqual(await memberBalances(once));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('leaves nothing behind when a multi-transfer operation fails part-way', async () => {
    const [a, b] = await newMembers(2);
    const wallet = t.app.services.wallet;
    await wallet.adjust({
      member: a!,
      amountMinor: 1_000,
      reason: 'fund',
      operatorId: 'prop',
      idempotencyKey: `partial-fund-${a!.memberId}`,
    });
    const aMain = await wallet.memberAccount(a!, 'main');
    const bMain = await wallet.memberAccount(b!, 'main');
    const before = await t.db
      .selectFrom('ledger_transfers')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      postOperation(wallet.db, {
        idempotencyKey: `partial-${a!.memberId}`,
        kind: 'transfer',
        transfers: [
          { from: aMain, to: bMain, amountMinor: 600, kind: 'transfer' },
          { from: aMain, to: bMain, amountMinor: 600, kind: 'transfer' },
        ],
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    const after = await t.db
      .selectFrom('ledger_transfers')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(
      await t.db
        .selectFrom('ledger_operations')
        .select('id')
        .where('idempotency_key', '=', `partial-${a!.memberId}`)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await memberBalances([a!, b!])).toEqual([
      [1_000, 0, 0],
      [0, 0, 0],
    ]);
    // The key was not consumed: the same operation succeeds once funds allow it.
    await wallet.adjust({
      member: a!,
      amountMinor: 200,
      reason: 'fund',
      operatorId: 'prop',
      idempotencyKey: `partial-fund2-${a!.memberId}`,
    });
    await postOperation(wallet.db, {
      idempotencyKey: `partial-${a!.memberId}`,
      kind: 'transfer',
      transfers: [
        { from: aMain, to: bMain, amountMinor: 600, kind: 'transfer' },
        { from: aMain, to: bMain, amountMinor: 600, kind: 'transfer' },
      ],
    });
    expect((await memberBalances([b!]))[0]![0]).toBe(1_200);
  });

  it('refuses to drive a member balance below zero even bypassing the service (CHECK constraint)', async () => {
    const [m] = await newMembers(1);
    const account = await t.app.services.wallet.memberAccount(m!, 'main');
    await expect(
      sql`UPDATE ledger_accounts SET balance_minor = -1 WHERE id = ${account.id}`.execute(t.db),
    ).rejects.toThrow(/check/i);
  });
});
