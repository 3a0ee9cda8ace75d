import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { seedMember } from '../../../test/seeds';
import { checkBetRecords } from './bets';
import { checkInvariants, settleRounds, type BetRecord } from './ledger';
import { createWalletRepository } from './repository';
import type { MemberRef } from './service';

/**
 * `bets.settleMany`, the set-based settlement (migration 0040's ledger_settle_rounds): many
 * rounds' DEPOSITs in one call, each applied once whatever was settled or replayed before,
 * the books and the bet records agreeing after every step.
 */
describe.each(ENGINES)('settling many rounds at once on %s', (engine) => {
  let t: TestApp;
  let prefix = 0;
  const STAKE = 100;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function fundedMember(): Promise<MemberRef> {
    const member = { memberId: await seedMember(t.db), merchantCode: 'BANCA', currency: 'BRL' };
    await t.app.services.wallet.adjust({
      member,
      amountMinor: 10_000,
      reason: 'fund',
      operatorId: 'test',
      idempotencyKey: `settle-many-fund-${member.memberId}`,
    });
    return member;
  }

  function bet(member: MemberRef, round: string, type: 'WITHDRAW' | 'DEPOSIT', amount: number) {
    return {
      merchant: member.merchantCode,
      member: member.memberId,
      vendor: 'BLT',
      game: 'ELOTT_SSC1',
      round,
      currency: member.currency,
      txId: `${round}:${type === 'WITHDRAW' ? 'bet' : 'win'}`,
      type,
      betRef: null,
      amount,
      txTime: new Date().toISOString(),
      gameOver: type === 'DEPOSIT',
      cancels: null,
      tombstone: false,
    } satisfies BetRecord;
  }

  /** Rounds with their stakes placed: `payouts[i]` is what round i will pay its member. */
  async function placed(members: MemberRef[], payouts: number[]) {
    prefix += 1;
    const items = payouts.map((payout, i) => {
      const member = members[i % members.length]!;
      const round = `S${engine}${prefix}-${i}`;
      return { member, round, payout };
    });
    for (const item of items)
      await t.app.services.wallet.bets.post({
        member: item.member,
        bet: bet(item.member, item.round, 'WITHDRAW', STAKE),
      });
    return items;
  }

  const deposits = (items: Array<{ member: MemberRef; round: string; payout: number }>) =>
    items.map((item) => ({
      member: item.member,
      bet: bet(item.member, item.round, 'DEPOSIT', item.payout),
    }));

  async function balance(member: MemberRef): Promise<number> {
    return (await t.app.services.wallet.bets.balances(member, 'BLT')).cashMinor;
  }

  async function roundsOf(items: Array<{ round: string }>) {
    const { rows } = await sql<{ round_id: string; status: string; payout_minor: string }>`
      SELECT round_id, status, payout_minor FROM bet_rounds
      WHERE vendor_code = 'BLT' AND round_id = ANY (${items.map((i) => i.round)}::text[])`.execute(
      t.db,
    );
    return new Map(
      rows.map((r) => [r.round_id, { status: r.status, payout: Number(r.payout_minor) }]),
    );
  }

  /** The `bets.settled` events naming these rounds: how many events, and each round's count. */
  async function settledEvents(items: Array<{ round: string }>) {
    const { rows } = await sql<{ payload: unknown }>`
      SELECT payload FROM domain_events WHERE type = 'bets.settled' ORDER BY id`.execute(t.db);
    const wanted = new Set(items.map((i) => i.round));
    let events = 0;
    const counts = new Map<string, number>();
    for (const row of rows) {
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as {
        rounds: Array<{ roundId: string; payoutMinor: number; validBetMinor: number }>;
      };
      const mine = payload.rounds.filter((r) => wanted.has(r.roundId));
      if (mine.length > 0) events += 1;
      for (const r of mine) {
        counts.set(r.roundId, (counts.get(r.roundId) ?? 0) + 1);
        expect(Number(r.validBetMinor)).toBe(STAKE);
      }
    }
    return { events, counts };
  }

  /** The DEPOSIT records of these rounds, as [round, amount], in round order. */
  async function depositRecords(items: Array<{ round: string }>) {
    const { rows } = await sql<{ round_id: string; amount_minor: string }>`
      SELECT round_id, amount_minor FROM vendor_transactions
      WHERE vendor_code = 'BLT' AND tx_type = 'DEPOSIT' AND outcome = 'applied'
        AND round_id = ANY (${items.map((i) => i.round)}::text[])`.execute(t.db);
    const order = new Map(items.map((item, i) => [item.round, i]));
    return rows
      .map((r) => [r.round_id, Number(r.amount_minor)] as [string, number])
      .sort((a, b) => order.get(a[0])! - order.get(b[0])!);
  }

  async function booksClean() {
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  }

  it('pays mixed winners and losers once, one event, one balance update per member', async () => {
    const members = [await fundedMember(), await fundedMember(), await fundedMember()];
    // Member 0 wins three rounds of the chunk (items 0, 3, 9), members 1 and 2 none.
    const payouts = [500, 0, 0, 250, 0, 0, 0, 0, 0, 1_000, 0, 0];
    const items = await placed(members, payouts);
    const before = await Promise.all(members.map(balance));

    const failed = await t.app.services.wallet.bets.settleMany(deposits(items));
    expect(failed).toEqual([]);

    const expected = members.map((m, k) =>
      items.filter((i) => i.member === m).reduce((sum, i) => sum + i.payout, before[k]!),
    );
    expect(await Promise.all(members.map(balance))).toEqual(expected);
    const rounds = await roundsOf(items);
    for (const item of items)
      expect(rounds.get(item.round)).toEqual({ status: 'settled', payout: item.payout });
    const { events, counts } = await settledEvents(items);
    expect(events).toBe(1);
    expect([...counts.values()]).toEqual(items.map(() => 1));
    // A DEPOSIT record for each paying round only: a round that paid nothing is its round row.
    expect(await depositRecords(items)).toEqual(
      items.filter((i) => i.payout > 0).map((i) => [i.round, i.payout]),
    );

    // Each transfer carries the balance after it, walking the chunk in order.
    const main = (await t.app.services.wallet.memberAccount(members[0]!, 'main')).id;
    const { rows } = await sql<{ amount_minor: string; to_balance_after: string }>`
      SELECT amount_minor, to_balance_after FROM ledger_transfers
      WHERE to_account_id = ${main} AND kind = 'win' ORDER BY id`.execute(t.db);
    expect(rows.map((r) => [Number(r.amount_minor), Number(r.to_balance_after)])).toEqual([
      [500, before[0]! + 500],
      [250, before[0]! + 750],
      [1_000, before[0]! + 1_750],
    ]);
    await booksClean();

    // The same chunk again: nothing moves, no event, nothing fails; and one losing round's
    // DEPOSIT sent one by one (as a provider would repeat it) finds its round settled.
    expect(await t.app.services.wallet.bets.settleMany(deposits(items))).toEqual([]);
    expect(await Promise.all(members.map(balance))).toEqual(expected);
    expect((await settledEvents(items)).events).toBe(1);
    await expect(t.app.services.wallet.bets.post(deposits(items)[1]!)).rejects.toMatchObject({
      code: 'bet_round_changed',
    });
    expect(await roundsOf(items)).toEqual(rounds);
    await booksClean();
  });

  it('leaves rounds settled before as they are and replays a known key', async () => {
    const members = [await fundedMember(), await fundedMember()];
    const payouts = [300, 0, 700, 0, 400, 0];
    const items = await placed(members, payouts);
    // Round 0 (paying: its key is known) and round 1 (zero: a record only) settled one by one.
    for (const item of items.slice(0, 2))
      await t.app.services.wallet.bets.post({
        member: item.member,
        bet: bet(item.member, item.round, 'DEPOSIT', item.payout),
      });
    const before = await Promise.all(members.map(balance));

    // The ledger's set function itself answers each round: the known key a replay, the zero
    // round settled before, the rest applied now.
    const wallet = t.app.services.wallet;
    const revenue = await wallet.houseAccount('BANCA', 'revenue', 'BRL', 'BLT');
    const settlements = await Promise.all(
      deposits(items).map(async ({ member, bet: b }) => ({
        main: await wallet.memberAccount(member, 'main'),
        revenue,
        idempotencyKey: `pam:BANCA:BLT:DEPOSIT:${b.txId}`,
        kind: 'win',
        reference: `BLT:${b.game}:${b.round}`,
        bet: b,
      })),
    );
    expect(await settleRounds(t.db, settlements)).toEqual([
      'replayed',
      'settled',
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    expect(await settleRounds(t.db, settlements)).toEqual([
      'replayed',
      'settled',
      'replayed',
      'settled',
      'replayed',
      'settled',
    ]);
    // And through settleMany again: nothing more.
    const failed = await t.app.services.wallet.bets.settleMany(deposits(items));
    expect(failed).toEqual([]);
    // Only rounds 2..5 paid now: member 0 has rounds 0, 2, 4; member 1 rounds 1, 3, 5.
    expect(await Promise.all(members.map(balance))).toEqual([before[0]! + 700 + 400, before[1]!]);
    const rounds = await roundsOf(items);
    for (const item of items)
      expect(rounds.get(item.round)).toEqual({ status: 'settled', payout: item.payout });
    const { counts } = await settledEvents(items);
    expect(items.map((i) => counts.get(i.round))).toEqual(items.map(() => 1));
    await booksClean();
  });

  it('answers a key used with other content for that round alone', async () => {
    const members = [await fundedMember(), await fundedMember()];
    const items = await placed(members, [200, 0, 900, 100]);
    // Round 2's win key taken by a DEPOSIT of another amount that kept the round open.
    await t.app.services.wallet.bets.post({
      member: items[2]!.member,
      bet: { ...bet(items[2]!.member, items[2]!.round, 'DEPOSIT', 50), gameOver: false },
    });
    const before = await Promise.all(members.map(balance));

    const failed = await t.app.services.wallet.bets.settleMany(deposits(items));
    expect(failed.map((f) => f.index)).toEqual([2]);
    expect((failed[0]!.error as { code?: string }).code).toBe('idempotency_conflict');
    expect(await Promise.all(members.map(balance))).toEqual([before[0]! + 200, before[1]! + 100]);
    const rounds = await roundsOf(items);
    expect(rounds.get(items[2]!.round)).toEqual({ status: 'open', payout: 50 });
    expect(rounds.get(items[0]!.round)).toEqual({ status: 'settled', payout: 200 });
    await booksClean();
  });

  it('pays once when two settlements of the same chunk run at once', async () => {
    const members = [await fundedMember(), await fundedMember(), await fundedMember()];
    const items = await placed(members, [400, 0, 150, 0, 0, 800, 0, 0, 50]);
    const before = await Promise.all(members.map(balance));
    const results = await Promise.all([
      t.app.services.wallet.bets.settleMany(deposits(items)),
      t.app.services.wallet.bets.settleMany(deposits(items)),
    ]);
    expect(results).toEqual([[], []]);
    const expected = members.map((m, k) =>
      items.filter((i) => i.member === m).reduce((sum, i) => sum + i.payout, before[k]!),
    );
    expect(await Promise.all(members.map(balance))).toEqual(expected);
    const { counts } = await settledEvents(items);
    expect(items.map((i) => counts.get(i.round))).toEqual(items.map(() => 1));
    await booksClean();
  });

  it("reads a chunk's main accounts in one query, making the missing ones", async () => {
    const known = await fundedMember();
    const fresh = { memberId: await seedMember(t.db), merchantCode: 'BANCA', currency: 'BRL' };
    const repo = createWalletRepository(t.db);
    const rows = await repo.ensureMemberAccounts({
      purpose: 'main',
      vendorCode: '',
      members: [known, fresh, known],
    });
    const idOf = (m: MemberRef) => rows.find((r) => r.memberId === m.memberId)?.id;
    expect(rows).toHaveLength(2);
    expect(idOf(known)).toBe((await t.app.services.wallet.memberAccount(known, 'main')).id);
    expect(idOf(fresh)).toBe((await t.app.services.wallet.memberAccount(fresh, 'main')).id);
    // Asked again: the same accounts, none made twice.
    const again = await repo.ensureMemberAccounts({
      purpose: 'main',
      vendorCode: '',
      members: [fresh],
    });
    expect(again).toEqual([{ memberId: fresh.memberId, currency: 'BRL', id: idOf(fresh) }]);
  });

  it('takes the batch path for a round twice in a chunk, still once', async () => {
    const members = [await fundedMember()];
    const items = await placed(members, [600, 0]);
    const before = await balance(members[0]!);
    const chunk = deposits(items);
    const failed = await t.app.services.wallet.bets.settleMany([...chunk, chunk[0]!]);
    expect(failed).toEqual([]);
    expect(await balance(members[0]!)).toBe(before + 600);
    await booksClean();
  });
});
