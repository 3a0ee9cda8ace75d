import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import {
  postOperation,
  postOperationsTogether,
  settleRounds,
  type BetRecord,
  type LedgerAccount,
  type PostedTransfer,
  type RoundSettlement,
} from './ledger';
import type { BetRoundsTable, VendorTransactionsTable } from './tables';
import type { Selectable } from 'kysely';

/**
 * Bets are records (issue 12 §5): each vendor transaction moves money through the ledger AND
 * writes its round (bet_rounds) and itself (vendor_transactions) in the same SQL function call,
 * so in the same transaction (migration 0014: ledger_apply_bet). This file is the wallet's
 * side of it: posting a vendor transaction, and the reads the vendors module's rules and
 * later reports need.
 */
export type BetRound = Selectable<BetRoundsTable>;
export type VendorTransaction = Selectable<VendorTransactionsTable>;
export type VendorTransactionType = BetRecord['type'];

/** Money out of the member's main wallet: bets. Everything else pays the member. */
const DEBITS: ReadonlySet<VendorTransactionType> = new Set(['WITHDRAW', 'PROMOWITHDRAW']);
const LEDGER_KIND: Record<VendorTransactionType, string> = {
  WITHDRAW: 'bet',
  PROMOWITHDRAW: 'promo_bet',
  DEPOSIT: 'win',
  PROMODEPOSIT: 'promo_win',
  CANCEL: 'bet_cancel',
  PROMOCANCEL: 'bet_cancel',
};
/** Rows one lookup of a vendor's transactions returns (a bet reference groups a handful). */
const MAX_TRANSACTIONS_PER_LOOKUP = 100;

export type VendorTransactionContext = {
  /** Every transaction the vendor sent with this id (any type). */
  sameId: VendorTransaction[];
  /**
   * This member's transactions sharing the bet reference (when one is given): a reference groups
   * one player's transactions, and another player's never decide this one's fate.
   */
  sameBetRef: VendorTransaction[];
  /** The round, when it exists. */
  round: BetRound | null;
};

type BetMember = { memberId: number; merchantCode: string; currency: string };

/**
 * Whether a brand's bets at a vendor draw bonus money first (docs/bonus.md "Which wallet a bet
 * uses"): the rewards module's bet order and cash-only categories, connected at assembly
 * (`wallet.connectBonusFunding`; the wallet imports nothing of rewards). Answered from memory:
 * a cash-first brand's bets cost no query for it.
 */
export type BonusFunding = {
  bonusFirst(merchantCode: string, vendorCode: string): Promise<boolean>;
};

/** The member's cash and the bonus money a vendor's bets may use (0 where they may use none). */
export type BetBalances = { cashMinor: number; bonusMinor: number };

/** Attempts of a bonus-first bet whose split a concurrent operation overtook (then split again). */
const MAX_SPLIT_ATTEMPTS = 3;

export function createBetBook(deps: {
  db: Db;
  memberMain: (member: BetMember) => Promise<LedgerAccount>;
  /** Many members' main accounts in one query (a settlement's chunk), in the order given. */
  memberMains: (members: BetMember[]) => Promise<LedgerAccount[]>;
  memberBonus: (member: BetMember) => Promise<LedgerAccount>;
  vendorRevenue: (
    merchantCode: string,
    currency: string,
    vendorCode: string,
  ) => Promise<LedgerAccount>;
  /** The bet order; without one (no rewards module) every bet is cash only. */
  bonusFunding: () => BonusFunding | null;
}) {
  const { db } = deps;

  function bonusFirst(merchantCode: string, vendorCode: string): Promise<boolean> {
    const funding = deps.bonusFunding();
    return funding ? funding.bonusFirst(merchantCode, vendorCode) : Promise.resolve(false);
  }

  /**
   * What the PAM rules need to judge one transaction, in one query: the transactions with its
   * id, those with its bet reference, and its round.
   */
  async function context(input: {
    merchantCode: string;
    vendorCode: string;
    memberId: number;
    txId: string;
    betRef: string | null;
    roundId: string | null;
  }): Promise<VendorTransactionContext> {
    const { rows } = await sql<{
      kind: string;
      tx: VendorTransaction | null;
      round: BetRound | null;
    }>`
      SELECT 'id' AS kind, to_jsonb(t) AS tx, NULL::jsonb AS round FROM vendor_transactions t
       WHERE t.merchant_code = ${input.merchantCode} AND t.vendor_code = ${input.vendorCode} AND t.provider_tx_id = ${input.txId}
      UNION ALL
      SELECT 'ref', to_jsonb(t), NULL FROM vendor_transactions t
       WHERE ${input.betRef}::text IS NOT NULL AND t.merchant_code = ${input.merchantCode}
         AND t.vendor_code = ${input.vendorCode} AND t.bet_ref = ${input.betRef}
         AND t.member_id = ${input.memberId}
      UNION ALL
      SELECT 'round', NULL, to_jsonb(r) FROM bet_rounds r
       WHERE ${input.roundId}::text IS NOT NULL AND r.vendor_code = ${input.vendorCode}
         AND r.round_id = ${input.roundId} AND r.member_id = ${input.memberId}`.execute(db);
    const parse = <T>(v: T | string | null): T | null =>
      v === null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : v;
    const result: VendorTransactionContext = { sameId: [], sameBetRef: [], round: null };
    for (const row of rows) {
      if (row.kind === 'round') result.round = parse(row.round);
      else (row.kind === 'id' ? result.sameId : result.sameBetRef).push(parse(row.tx)!);
    }
    return result;
  }

  /**
   * The bonus part of a transaction (docs/bonus.md "Which wallet a bet uses"): under bonus_first
   * a stake takes what the bonus account holds first and a win goes back to it in its round's
   * proportion (`split`: the round's stake it was divided by, which the guard checks under the
   * member's lock); a cancel gives back to each account what its bet took, whatever the order
   * is now. 0 for everything else.
   */
  async function bonusPartOf(
    bet: BetRecord,
    bonus: LedgerAccount,
    usesBonus: boolean,
  ): Promise<Pick<BetRecord, 'bonusAmount' | 'split'>> {
    if (bet.type === 'CANCEL' || bet.type === 'PROMOCANCEL') {
      if (bet.cancels === null) return { bonusAmount: 0 };
      const row = await db
        .selectFrom('vendor_transactions')
        .select('bonus_amount_minor')
        .where('id', '=', bet.cancels)
        .executeTakeFirst();
      return { bonusAmount: Math.min(Number(row?.bonus_amount_minor ?? 0), bet.amount) };
    }
    if (!usesBonus) return { bonusAmount: 0 };
    if (DEBITS.has(bet.type))
      return { bonusAmount: Math.min(await balanceMinor(bonus.id), bet.amount) };
    const round = await db
      .selectFrom('bet_rounds')
      .select(['stake_minor', 'bonus_stake_minor'])
      .where('vendor_code', '=', bet.vendor)
      .where('round_id', '=', bet.round)
      .where('member_id', '=', bet.member)
      .executeTakeFirst();
    if (!round) return { bonusAmount: 0 };
    const stake = Number(round.stake_minor);
    const bonusStake = Number(round.bonus_stake_minor);
    // The bonus share rounds down: a centavo the division leaves goes to the member's cash.
    const bonusAmount = stake > 0 ? Math.floor((bet.amount * bonusStake) / stake) : 0;
    return { bonusAmount, split: { stake, bonusStake } };
  }

  /**
   * Applies one vendor transaction: the ledger operation (key `pam:<brand>:<vendor>:<type>:<txId>`,
   * applied once) and its bet record, together. An amount of 0 moves no money and writes only the
   * record (still under the member's account lock). Under bonus_first a stake draws the bonus
   * account first and a win is split back (bonusPartOf): one operation of two transfers. Answers
   * the main wallet's balance after it, and the bonus balance the vendor's bets may use.
   * Throws `insufficient_funds` (data.balanceMinor), `idempotency_conflict` (the id was used
   * with other content meanwhile) or `bet_round_changed` (the round changed since `context`).
   */
  async function post(input: { member: BetMember; bet: BetRecord }): Promise<{
    replayed: boolean;
    balanceMinor: number;
    bonusBalanceMinor: number;
    operationId: number | null;
  }> {
    const { member } = input;
    const main = await deps.memberMain(member);
    if (input.bet.amount === 0 || input.bet.tombstone) {
      try {
        await sql`SELECT ledger_record_bet(${main.id}, ${JSON.stringify(input.bet)}::jsonb)`.execute(
          db,
        );
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'LD004') throw new AppError('bet_round_changed');
        if (code === 'LD002') throw new AppError('idempotency_conflict');
        throw error;
      }
      return {
        replayed: false,
        ...(await answerBalances(member, input.bet.vendor)),
        operationId: null,
      };
    }
    const [revenue, usesBonus] = await Promise.all([
      deps.vendorRevenue(member.merchantCode, member.currency, input.bet.vendor),
      bonusFirst(member.merchantCode, input.bet.vendor),
    ]);
    const debit = DEBITS.has(input.bet.type);
    const mayTouchBonus =
      usesBonus || input.bet.type === 'CANCEL' || input.bet.type === 'PROMOCANCEL';
    const bonus = mayTouchBonus ? await deps.memberBonus(member) : null;
    for (let attempt = 1; ; attempt += 1) {
      const part = bonus ? await bonusPartOf(input.bet, bonus, usesBonus) : { bonusAmount: 0 };
      const bonusAmount = part.bonusAmount ?? 0;
      const bet: BetRecord = bonusAmount > 0 || part.split ? { ...input.bet, ...part } : input.bet;
      const kind = LEDGER_KIND[bet.type];
      const transfers = [
        { account: bonus, amountMinor: bonusAmount },
        { account: main, amountMinor: bet.amount - bonusAmount },
      ]
        .filter((leg) => leg.amountMinor > 0)
        .map((leg) => ({
          from: debit ? leg.account! : revenue,
          to: debit ? revenue : leg.account!,
          amountMinor: leg.amountMinor,
          kind,
        }));
      let result;
      try {
        result = await postOperation(db, {
          idempotencyKey: `pam:${member.merchantCode}:${bet.vendor}:${bet.type}:${bet.txId}`,
          kind,
          // In the fingerprint: a repeat of the id for another game or round is a different operation.
          reference: `${bet.vendor}:${bet.game}:${bet.round}`,
          transfers,
          bet,
        });
      } catch (error) {
        // A bonus-first split that a concurrent operation overtook (the bonus account spent, a
        // bet of the same round) is made again from what is there now; anything else is the answer.
        const overtaken =
          error instanceof AppError &&
          ((error.code === 'insufficient_funds' && debit && bonusAmount > 0) ||
            (error.code === 'bet_round_changed' && part.split !== undefined));
        if (overtaken && attempt < MAX_SPLIT_ATTEMPTS) continue;
        // A repeat of a transaction whose split was made from other balances has other
        // transfers, so the ledger sees other content under the key: it is still the same
        // transaction (same round, game, member and amount), answered as a repeat as before.
        const recorded =
          bonus && error instanceof AppError && error.code === 'idempotency_conflict'
            ? await sameTransactionRecorded(bet)
            : null;
        if (!recorded) throw error;
        return {
          replayed: true,
          ...(await answerBalances(member, bet.vendor)),
          operationId: recorded.operationId,
        };
      }
      const balances = await balancesAfter(result, main, bonus, usesBonus, member, bet.vendor);
      return { replayed: result.replayed, ...balances, operationId: result.operationId };
    }
  }

  /**
   * Settles many rounds at once (a lottery draw's slips): each item's DEPOSIT with `gameOver`.
   * Set-based: the DEPOSITs that end their round go to the ledger in one call of
   * `ledger_settle_rounds` (migration 0040, ledger.ts `settleRounds`): the guard as one
   * conditional update of the rounds, the operations, transfers and bet records as one insert
   * each, one balance update per member, one `bets.settled` event; the members' accounts are read
   * in one query. Their keys make a repeat a replay, and a round already settled is left as it
   * is, so settling the same items again changes nothing. A brand whose bets draw bonus money
   * first takes the one-by-one path (its wins are split back by each round's stake); anything
   * else the set cannot take (another type, a round or key twice, a chunk another transaction
   * overtook) goes through the ledger's batch function as before. Answers the items that failed,
   * by index; the rest are settled.
   */
  async function settleMany(
    items: Array<{ member: BetMember; bet: BetRecord }>,
  ): Promise<Array<{ index: number; error: Error }>> {
    const failed: Array<{ index: number; error: Error }> = [];
    const oneByOne = await Promise.all(
      items.map((item) => bonusFirst(item.member.merchantCode, item.bet.vendor)),
    );
    for (const [index, item] of items.entries()) {
      if (!oneByOne[index]) continue;
      try {
        await post(item);
      } catch (error) {
        if (!settledBefore(error)) failed.push({ index, error: error as Error });
      }
    }
    const bulk = items.flatMap((item, index) => (oneByOne[index] ? [] : [{ item, index }]));
    const asSet = bulk.filter(({ item }) => settlesAsSet(item.bet));
    const rest = bulk.filter(({ item }) => !settlesAsSet(item.bet));
    const rounds = new Set(asSet.map(({ item }) => roundOf(item.bet)));
    const keys = new Set(asSet.map(({ item }) => keyOf(item.member, item.bet)));
    if (rounds.size !== asSet.length || keys.size !== asSet.length) rest.push(...asSet);
    else if (asSet.length > 0) {
      const outcomes = await settleRounds(db, await settlementsOf(asSet.map(({ item }) => item)));
      if (outcomes === null) rest.push(...asSet);
      else
        outcomes.forEach((outcome, i) => {
          if (outcome instanceof Error) failed.push({ index: asSet[i]!.index, error: outcome });
        });
    }
    if (rest.length > 0) failed.push(...(await settleTogether(rest)));
    return failed.sort((a, b) => a.index - b.index);
  }

  /**
   * Reverts many bets at once (a voided lottery draw's slips): each item a CANCEL of its round's
   * WITHDRAW, named by that WITHDRAW's transaction id. The WITHDRAWs are read in one query. A
   * stake paid in cash only is given back in one call of the ledger's batch function for all of
   * them (revenue to the member's main account, each with its bet record); a stake that took
   * bonus money goes one by one through `post`, which returns each part to its account. Keys
   * make a repeat a replay; a round already cancelled answers like `post` (bet_round_changed),
   * which counts as done. Answers per item, in order: 'cancelled', 'nothing' (no WITHDRAW was
   * recorded: nothing to give back), or the error that refused it.
   */
  async function cancelMany(
    items: Array<{ member: BetMember; bet: BetRecord; withdrawTxId: string }>,
  ): Promise<Array<'cancelled' | 'nothing' | Error>> {
    const outcomes: Array<'cancelled' | 'nothing' | Error> = items.map(() => 'nothing');
    if (items.length === 0) return outcomes;
    const { rows } = await sql<{ n: number; id: string; bonus_amount_minor: string }>`
      SELECT u.n, t.id, t.bonus_amount_minor
      FROM unnest(${items.map((i) => i.bet.merchant)}::text[], ${items.map((i) => i.bet.vendor)}::text[],
                  ${items.map((i) => i.withdrawTxId)}::text[], ${items.map((i) => i.bet.member)}::bigint[])
             WITH ORDINALITY AS u (merchant, vendor, tx, member, n)
      JOIN vendor_transactions t ON t.merchant_code = u.merchant AND t.vendor_code = u.vendor
        AND t.provider_tx_id = u.tx AND t.tx_type = 'WITHDRAW' AND t.member_id = u.member
        AND t.outcome = 'applied'`.execute(db);
    const cash: Array<{ index: number; item: { member: BetMember; bet: BetRecord } }> = [];
    for (const row of rows) {
      const index = Number(row.n) - 1;
      const { member, bet } = items[index]!;
      const item = { member, bet: { ...bet, type: 'CANCEL' as const, cancels: Number(row.id) } };
      if (Number(row.bonus_amount_minor) > 0) {
        try {
          await post(item);
          outcomes[index] = 'cancelled';
        } catch (error) {
          outcomes[index] = settledBefore(error) ? 'cancelled' : (error as Error);
        }
      } else cash.push({ index, item });
    }
    if (cash.length > 0) {
      const settlements = await settlementsOf(cash.map(({ item }) => item));
      const results = await postOperationsTogether(
        db,
        settlements.map((s) => ({
          idempotencyKey: s.idempotencyKey,
          kind: s.kind,
          reference: s.reference,
          transfers: [{ from: s.revenue, to: s.main, amountMinor: s.bet.amount, kind: s.kind }],
          bet: s.bet,
        })),
      );
      results.forEach((result, i) => {
        outcomes[cash[i]!.index] =
          result instanceof Error && !settledBefore(result) ? result : 'cancelled';
      });
    }
    return outcomes;
  }

  /** A round's settlement the set function takes: a cash DEPOSIT ending its round, nothing else. */
  function settlesAsSet(bet: BetRecord): boolean {
    return (
      bet.type === 'DEPOSIT' &&
      bet.gameOver &&
      !bet.tombstone &&
      !bet.fresh &&
      bet.cancels === null &&
      bet.split === undefined &&
      (bet.bonusAmount ?? 0) === 0 &&
      Number.isSafeInteger(bet.amount) &&
      bet.amount >= 0
    );
  }
  const roundOf = (bet: BetRecord) => JSON.stringify([bet.vendor, bet.member, bet.round]);
  const keyOf = (member: BetMember, bet: BetRecord) =>
    `pam:${member.merchantCode}:${bet.vendor}:${bet.type}:${bet.txId}`;
  const settledBefore = (error: unknown) =>
    error instanceof AppError && error.code === 'bet_round_changed';

  /** The chunk's accounts: the members' main accounts in one query, each vendor's revenue once. */
  async function settlementsOf(
    items: Array<{ member: BetMember; bet: BetRecord }>,
  ): Promise<RoundSettlement[]> {
    const mains = await deps.memberMains(items.map((item) => item.member));
    const revenues = new Map<string, Promise<LedgerAccount>>();
    const revenueOf = (member: BetMember, vendor: string) => {
      const key = JSON.stringify([member.merchantCode, member.currency, vendor]);
      let account = revenues.get(key);
      if (!account) {
        account = deps.vendorRevenue(member.merchantCode, member.currency, vendor);
        revenues.set(key, account);
      }
      return account;
    };
    return Promise.all(
      items.map(async ({ member, bet }, i) => ({
        main: mains[i]!,
        revenue: await revenueOf(member, bet.vendor),
        idempotencyKey: keyOf(member, bet),
        kind: LEDGER_KIND[bet.type],
        reference: `${bet.vendor}:${bet.game}:${bet.round}`,
        bet,
      })),
    );
  }

  /**
   * The path before the set function (and its fallback): the paying items in one call of the
   * ledger's batch function, the zero ones as records in one statement (over the rounds the
   * guard finds open).
   */
  async function settleTogether(
    bulk: Array<{ item: { member: BetMember; bet: BetRecord }; index: number }>,
  ): Promise<Array<{ index: number; error: Error }>> {
    const failed: Array<{ index: number; error: Error }> = [];
    const paying = bulk.filter(({ item }) => item.bet.amount > 0);
    if (paying.length > 0) {
      const requests = await Promise.all(
        paying.map(async ({ item }) => {
          const [main, revenue] = await Promise.all([
            deps.memberMain(item.member),
            deps.vendorRevenue(item.member.merchantCode, item.member.currency, item.bet.vendor),
          ]);
          const kind = LEDGER_KIND[item.bet.type];
          return {
            idempotencyKey: keyOf(item.member, item.bet),
            kind,
            reference: `${item.bet.vendor}:${item.bet.game}:${item.bet.round}`,
            transfers: [{ from: revenue, to: main, amountMinor: item.bet.amount, kind }],
            bet: item.bet,
          };
        }),
      );
      const results = await postOperationsTogether(db, requests);
      results.forEach((result, i) => {
        if (result instanceof Error && !settledBefore(result))
          failed.push({ index: paying[i]!.index, error: result });
      });
    }
    const records = bulk.filter(({ item }) => item.bet.amount === 0).map(({ item }) => item.bet);
    if (records.length > 0)
      await sql`
        SELECT ledger_apply_bets(array_agg(u.b ORDER BY u.n), array_agg(NULL::bigint ORDER BY u.n))
        FROM unnest(${records.map((b) => JSON.stringify(b))}::jsonb[]) WITH ORDINALITY AS u (b, n)
        WHERE ledger_bet_guard(u.b)
        HAVING count(*) > 0`.execute(db);
    return failed;
  }

  /** This very transaction (id, type, member, round, game, amount) as recorded; null when it is not. */
  async function sameTransactionRecorded(
    bet: BetRecord,
  ): Promise<{ operationId: number | null } | null> {
    const row = await db
      .selectFrom('vendor_transactions')
      .select(['member_id', 'round_id', 'game_code', 'amount_minor', 'operation_id'])
      .where('merchant_code', '=', bet.merchant)
      .where('vendor_code', '=', bet.vendor)
      .where('provider_tx_id', '=', bet.txId)
      .where('tx_type', '=', bet.type)
      .where('outcome', '=', 'applied')
      .executeTakeFirst();
    const same =
      row !== undefined &&
      Number(row.member_id) === bet.member &&
      row.round_id === bet.round &&
      row.game_code === bet.game &&
      Number(row.amount_minor) === bet.amount;
    return same
      ? { operationId: row.operation_id === null ? null : Number(row.operation_id) }
      : null;
  }

  /** The balances after a posted operation, from its transfers where they say (no read then). */
  async function balancesAfter(
    result: { replayed: boolean; transfers: PostedTransfer[] },
    main: LedgerAccount,
    bonus: LedgerAccount | null,
    usesBonus: boolean,
    member: BetMember,
    vendorCode: string,
  ): Promise<{ balanceMinor: number; bonusBalanceMinor: number }> {
    const after = (account: LedgerAccount | null) => {
      if (result.replayed || !account) return undefined;
      for (const t of result.transfers) {
        if (t.fromAccountId === account.id) return t.fromBalanceAfter ?? undefined;
        if (t.toAccountId === account.id) return t.toBalanceAfter ?? undefined;
      }
      return undefined;
    };
    const cash = after(main);
    const bonusNow = usesBonus ? after(bonus) : 0;
    if (cash !== undefined && bonusNow !== undefined)
      return { balanceMinor: cash, bonusBalanceMinor: bonusNow };
    return answerBalances(member, vendorCode);
  }

  async function answerBalances(
    member: BetMember,
    vendorCode: string,
  ): Promise<{ balanceMinor: number; bonusBalanceMinor: number }> {
    const { cashMinor, bonusMinor } = await balances(member, vendorCode);
    return { balanceMinor: cashMinor, bonusBalanceMinor: bonusMinor };
  }

  /**
   * The member's cash, and the bonus money the vendor's bets may use: the bonus account under
   * bonus_first at a vendor that takes bonus money, else 0 (the PAM balance's `bonusAmount`).
   */
  async function balances(member: BetMember, vendorCode: string): Promise<BetBalances> {
    const [main, usesBonus] = await Promise.all([
      deps.memberMain(member),
      bonusFirst(member.merchantCode, vendorCode),
    ]);
    if (!usesBonus) return { cashMinor: await balanceMinor(main.id), bonusMinor: 0 };
    const bonus = await deps.memberBonus(member);
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance_minor'])
      .where('id', 'in', [main.id, bonus.id])
      .execute();
    const of = (id: number) => Number(rows.find((r) => Number(r.id) === id)?.balance_minor ?? 0);
    return { cashMinor: of(main.id), bonusMinor: of(bonus.id) };
  }

  async function balanceMinor(accountId: number): Promise<number> {
    const row = await db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.balance_minor);
  }

  /** A vendor's transactions of one member by its id or bet reference (the PAM API's lookup). */
  function transactions(input: {
    merchantCode: string;
    vendorCode: string;
    memberId: number;
    txId?: string | undefined;
    betRef?: string | undefined;
  }): Promise<VendorTransaction[]> {
    let query = db
      .selectFrom('vendor_transactions')
      .selectAll()
      .where('merchant_code', '=', input.merchantCode)
      .where('vendor_code', '=', input.vendorCode)
      .where('member_id', '=', input.memberId)
      .where('outcome', '=', 'applied');
    // The PAM API: the bet reference wins when both are given.
    if (input.betRef !== undefined) query = query.where('bet_ref', '=', input.betRef);
    else if (input.txId !== undefined) query = query.where('provider_tx_id', '=', input.txId);
    else return Promise.resolve([]);
    return query.orderBy('id').limit(MAX_TRANSACTIONS_PER_LOOKUP).execute();
  }

  /** One round of a member at a vendor. */
  async function round(input: {
    merchantCode: string;
    vendorCode: string;
    memberId: number;
    roundId: string;
  }): Promise<BetRound | null> {
    const row = await db
      .selectFrom('bet_rounds')
      .selectAll()
      .where('vendor_code', '=', input.vendorCode)
      .where('round_id', '=', input.roundId)
      .where('member_id', '=', input.memberId)
      .where('merchant_code', '=', input.merchantCode)
      .executeTakeFirst();
    return row ?? null;
  }

  /** A member's rounds, newest first (the betting record and reports build on this). */
  function memberRounds(input: {
    memberId: number;
    fromUtc: Date;
    toUtc: Date;
    limit: number;
    offset: number;
  }): Promise<BetRound[]> {
    return db
      .selectFrom('bet_rounds')
      .selectAll()
      .where('member_id', '=', input.memberId)
      .where('opened_at', '>=', input.fromUtc)
      .where('opened_at', '<', input.toUtc)
      .orderBy('opened_at', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute();
  }

  return {
    context,
    post,
    settleMany,
    cancelMany,
    balances,
    transactions,
    round,
    memberRounds,
    balanceMinor,
  };
}
export type BetBook = ReturnType<typeof createBetBook>;

/**
 * Bet records equal ledger movements: each round's stake and payout are the sums of its
 * transactions, every applied transaction names its round, and every transaction that moved
 * money has exactly one operation moving exactly its amount. Returns the problems found (empty when they agree). Tests and benches call it.
 */
export async function checkBetRecords(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const rounds = await sql<{
    id: number;
    stake_minor: number;
    payout_minor: number;
    stake: number;
    payout: number;
  }>`
    SELECT r.id, r.stake_minor, r.payout_minor,
           coalesce(sum(CASE WHEN t.tx_type IN ('WITHDRAW', 'PROMOWITHDRAW') THEN t.amount_minor
                             WHEN t.tx_type IN ('CANCEL', 'PROMOCANCEL') THEN -t.amount_minor ELSE 0 END), 0) AS stake,
           coalesce(sum(CASE WHEN t.tx_type IN ('DEPOSIT', 'PROMODEPOSIT') THEN t.amount_minor ELSE 0 END), 0) AS payout
    FROM bet_rounds r LEFT JOIN vendor_transactions t ON t.round_pk = r.id AND t.outcome = 'applied'
    GROUP BY r.id`.execute(db);
  for (const r of rounds.rows)
    if (Number(r.stake) !== Number(r.stake_minor) || Number(r.payout) !== Number(r.payout_minor))
      problems.push(
        `round ${r.id}: stake ${r.stake_minor}/payout ${r.payout_minor} but transactions say ${r.stake}/${r.payout}`,
      );
  const moved = await sql<{ id: number; amount_minor: number; moved: number | null }>`
    SELECT t.id, t.amount_minor, (SELECT sum(x.amount_minor) FROM ledger_transfers x WHERE x.operation_id = t.operation_id) AS moved
    FROM vendor_transactions t WHERE t.outcome = 'applied'`.execute(db);
  for (const t of moved.rows)
    if (Number(t.moved ?? 0) !== Number(t.amount_minor))
      problems.push(
        `vendor transaction ${t.id}: amount ${t.amount_minor} but the ledger moved ${t.moved ?? 0}`,
      );
  // No foreign keys hold these (migration 0027): every applied transaction names its own round.
  const strays = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM vendor_transactions t
    WHERE t.outcome = 'applied' AND NOT EXISTS (
      SELECT 1 FROM bet_rounds r WHERE r.id = t.round_pk AND r.member_id = t.member_id
        AND r.vendor_code = t.vendor_code AND r.round_id = t.round_id)`.execute(db);
  if (Number(strays.rows[0]?.n ?? 0) > 0)
    problems.push(`${strays.rows[0]!.n} vendor transactions without their round`);
  const orphans = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_operations o
    WHERE o.idempotency_key LIKE 'pam:%'
      AND NOT EXISTS (SELECT 1 FROM vendor_transactions t WHERE t.operation_id = o.id)`.execute(db);
  if (Number(orphans.rows[0]?.n ?? 0) > 0)
    problems.push(`${orphans.rows[0]!.n} vendor operations without a bet record`);
  return problems;
}
