import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';

/**
 * The ledger's single write path (docs/conventions.md: pgledger's discipline). One call = one
 * operation = one database transaction holding one or more immutable transfers, identified by an
 * idempotency key: replaying the key returns the first result; the same key with different content
 * is refused. Member accounts are locked in ascending id order (no deadlocks), can never go below
 * zero (checked here, by the conditional update, and by a CHECK constraint). House accounts are
 * append-only (no row to lock), so different players never wait on each other.
 */

/** Largest amount one transfer may move: R$ 100 million in centavos. Anything above is a bug or an attack. */
export const MAX_TRANSFER_MINOR = 10_000_000_000;
/** Transfers one operation may hold. */
export const MAX_TRANSFERS_PER_OPERATION = 16;

export type LedgerAccount = { id: number; ownerKind: 'member' | 'house' };

export type TransferSpec = {
  from: LedgerAccount;
  to: LedgerAccount;
  amountMinor: number;
  kind: string;
  reference?: string;
};

export type PostedTransfer = {
  seq: number;
  kind: string;
  fromAccountId: number;
  toAccountId: number;
  amountMinor: number;
  fromBalanceAfter: number | null;
  toBalanceAfter: number | null;
};

export type OperationResult = {
  operationId: number;
  replayed: boolean;
  transfers: PostedTransfer[];
};

export type OperationRequest = {
  idempotencyKey: string;
  kind: string;
  reference?: string;
  transfers: TransferSpec[];
  /** A vendor transaction and its round, written in the same call (bets.ts, migration 0014). */
  bet?: BetRecord;
};

/**
 * A vendor's transaction as the ledger's functions record it beside the money (bet_rounds,
 * vendor_transactions): `ledger_apply_bet()` in migration 0014 reads these names.
 */
export type BetRecord = {
  merchant: string;
  member: number;
  vendor: string;
  game: string;
  round: string;
  currency: string;
  txId: string;
  type: 'WITHDRAW' | 'DEPOSIT' | 'CANCEL' | 'PROMOWITHDRAW' | 'PROMODEPOSIT' | 'PROMOCANCEL';
  betRef: string | null;
  amount: number;
  txTime: string;
  gameOver: boolean;
  /** vendor_transactions.id of the WITHDRAW a CANCEL reverts. */
  cancels: number | null;
  /** A CANCEL that found nothing to cancel: recorded so the late WITHDRAW is refused. */
  tombstone: boolean;
  /**
   * Posted at first sight, without the caller having read the id's history: the guard also
   * refuses (LD004) anything the caller would have had to judge (migration 0016).
   */
  fresh?: boolean;
  /**
   * The part of `amount` taken from or paid into the member's bonus account (bonus_first,
   * docs/bonus.md); the rest moves on the main wallet. Absent: all of it (migration 0032).
   */
  bonusAmount?: number;
  /**
   * The round's stake a win's bonus part was computed from: the guard refuses (LD004) when the
   * round's stake is no longer this, so the split is made again (migration 0032).
   */
  split?: { stake: number; bonusStake: number };
};

function fingerprintOf(request: OperationRequest): string {
  const canonical = request.transfers.map((t) => [
    t.from.id,
    t.to.id,
    t.amountMinor,
    t.kind,
    t.reference ?? '',
  ]);
  return createHash('sha256')
    .update(JSON.stringify([request.kind, request.reference ?? '', canonical]))
    .digest('hex');
}

function validate(request: OperationRequest): void {
  if (request.idempotencyKey.length === 0 || request.idempotencyKey.length > 200)
    throw new Error('idempotency key must be 1..200 characters');
  if (request.transfers.length === 0 || request.transfers.length > MAX_TRANSFERS_PER_OPERATION) {
    throw new Error(`an operation holds 1..${MAX_TRANSFERS_PER_OPERATION} transfers`);
  }
  for (const t of request.transfers) {
    if (
      !Number.isSafeInteger(t.amountMinor) ||
      t.amountMinor <= 0 ||
      t.amountMinor > MAX_TRANSFER_MINOR
    ) {
      throw new AppError('invalid_amount');
    }
    if (t.from.id === t.to.id) throw new Error('a transfer needs two different accounts');
  }
}

type DatabaseError = { code?: string; detail?: string };

/** Operations one round trip may carry (group commit). */
const MAX_BATCH_OPERATIONS = 64;
/**
 * Batches in flight at once per database handle; the rest of the pool serves reads. Two: one
 * batch runs while the other's commit and round trip complete, and everything else queues into
 * the next batch. Each batch has a fixed cost (about 0.7 ms of database CPU) on top of its
 * operations, so more batches in flight only cut the same queue into smaller, dearer pieces:
 * bench:ledger's HTTP transfers measured 1,775 pairs/s (request p99 21 ms) with 2 against
 * 1,099 pairs/s (p99 27 ms) with 4 on a quiet machine, and 1 lets one slow batch hold up all.
 */
const MAX_BATCHES_IN_FLIGHT = 2;
/**
 * While one batch is under way, a second goes only once this many operations wait; fewer wait
 * for the first to finish and go together. A second batch of two or three operations paid the
 * fixed cost for almost nothing: in bench:ledger's HTTP phase, interleaved runs, the database
 * spent 0.258 / 0.259 ms of CPU per transfer pair with this rule against 0.322 / 0.326 without
 * it, at 2,592 / 2,625 against 2,377 / 2,062 pairs/s. With one batch at most it was 0.216 ms,
 * but then a slow batch holds up everything and a core sits idle.
 */
const MIN_SECOND_BATCH_OPERATIONS = 16;

type Prepared = {
  key: string;
  fingerprint: string;
  kind: string;
  reference: string;
  transfers: unknown[];
  bet?: BetRecord;
};
type Pending = {
  op: Prepared;
  resolve: (r: OperationResult) => void;
  reject: (e: unknown) => void;
};

function prepare(request: OperationRequest): Prepared {
  return {
    key: request.idempotencyKey,
    fingerprint: fingerprintOf(request),
    kind: request.kind,
    reference: request.reference ?? '',
    transfers: request.transfers.map((t) => ({
      from: t.from.id,
      fromKind: t.from.ownerKind,
      to: t.to.id,
      toKind: t.to.ownerKind,
      amount: t.amountMinor,
      kind: t.kind,
      ...(t.reference === undefined ? {} : { reference: t.reference }),
    })),
    ...(request.bet ? { bet: request.bet } : {}),
  };
}

function refusal(code: string | undefined, detail: string | undefined): AppError | null {
  if (code === 'LD001')
    return new AppError('insufficient_funds', { data: { balanceMinor: Number(detail ?? 0) } });
  if (code === 'LD002') return new AppError('idempotency_conflict');
  if (code === 'LD004') return new AppError('bet_round_changed');
  return null;
}

function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * Group commit (the issue allows batching if every guarantee holds): an operation is sent at
 * once when no batch is under way; otherwise it waits for the next batch, which carries
 * everything queued in one round trip and one commit (a second batch starts beside the first
 * once MIN_SECOND_BATCH_OPERATIONS wait). Under light load nothing waits; under heavy load the
 * round trips and commits per operation fall.
 */
class LedgerBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  submit(op: Prepared): Promise<OperationResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (
      this.inFlight < MAX_BATCHES_IN_FLIGHT &&
      this.queue.length > 0 &&
      (this.inFlight === 0 || this.queue.length >= MIN_SECOND_BATCH_OPERATIONS)
    ) {
      const batch = this.queue.splice(0, MAX_BATCH_OPERATIONS);
      this.inFlight += 1;
      void this.flush(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const { op, resolve, reject } = batch[0]!;
      try {
        const { rows } = await sql<{ result: OperationResult | string }>`
          SELECT ledger_post_operation(${op.key}, ${op.fingerprint}, ${op.kind}, ${op.reference}, ${JSON.stringify(op.transfers)}::jsonb, ${op.bet ? JSON.stringify(op.bet) : null}::jsonb) AS result`.execute(
          this.db,
        );
        resolve(parseJson(rows[0]!.result));
      } catch (error) {
        const e = error as DatabaseError;
        reject(refusal(e.code, e.detail) ?? error);
      }
      return;
    }
    try {
      const { rows } = await sql<{
        results: Array<OperationResult | { error: string; detail: string | null }> | string;
      }>`
        SELECT ledger_post_operations(${JSON.stringify(batch.map((p) => p.op))}::jsonb) AS results`.execute(
        this.db,
      );
      const results = parseJson(rows[0]!.results);
      batch.forEach((pending, i) => {
        const result = results[i]!;
        if ('error' in result)
          pending.reject(
            refusal(result.error, result.detail ?? undefined) ??
              new Error(`ledger error ${result.error}`),
          );
        else pending.resolve(result);
      });
    } catch (error) {
      const code = (error as DatabaseError).code;
      if (code === '40P01' || code === '40001' || code === 'LD002' || code === 'LD004') {
        // Only batches whose keys collide with different content can deadlock, and a bet
        // record's guard or vendor transaction id can be overtaken only by a concurrent
        // transaction (LD004/LD002 at batch level); nothing of the batch was committed, so each
        // operation is simply sent again on its own, where it gets its own answer.
        await Promise.all(batch.map((pending) => this.flush([pending])));
        return;
      }
      // The whole batch failed (connection lost…): nothing of it was committed.
      for (const pending of batch) pending.reject(error);
    }
  }
}

const batchers = new WeakMap<Db, LedgerBatcher>();

/**
 * Posts one operation, all or nothing (the SQL functions of migrations 0004/0005 hold the
 * steps). Throws `insufficient_funds` (with the account's balance) or `idempotency_conflict`.
 */
export async function postOperation(db: Db, request: OperationRequest): Promise<OperationResult> {
  validate(request);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new LedgerBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.submit(prepare(request));
}

/**
 * Posts many operations in one call of the ledger's batch function, outside the group commit's
 * 64-operation batches: set-based when the whole batch can succeed (one insert per table), else
 * each operation in its own subtransaction. For settlements that pay thousands of rounds at once
 * (a lottery draw). Each operation answers in its slot: its result (a known key: the first
 * result) or its refusal.
 */
export async function postOperationsTogether(
  db: Db,
  requests: OperationRequest[],
): Promise<Array<OperationResult | Error>> {
  if (requests.length === 0) return [];
  for (const request of requests) validate(request);
  const { rows } = await sql<{
    results: Array<OperationResult | { error: string; detail: string | null }> | string;
  }>`
    SELECT ledger_post_operations(${JSON.stringify(requests.map(prepare))}::jsonb) AS results`.execute(
    db,
  );
  return parseJson(rows[0]!.results).map((result) =>
    'error' in result
      ? (refusal(result.error, result.detail ?? undefined) ??
        new Error(`ledger error ${result.error}`))
      : result,
  );
}

/** A round's settlement as `settleRounds` takes it: its DEPOSIT (ending the round) and accounts. */
export type RoundSettlement = {
  /** The member's main account: credited with the payout (locked even when it is 0). */
  main: LedgerAccount;
  /** The vendor's revenue account (house) the payout comes from. */
  revenue: LedgerAccount;
  /** The ledger operation's key, kind and reference (used when the amount is above 0). */
  idempotencyKey: string;
  kind: string;
  reference: string;
  bet: BetRecord;
};

/** What `settleRounds` did with one round. */
export type RoundSettlementOutcome = 'applied' | 'replayed' | 'settled' | AppError;

/**
 * Settles many rounds in one call of `ledger_settle_rounds` (migration 0040), set-based: each
 * round's DEPOSIT with `gameOver`, its money as one operation of one transfer (revenue → main,
 * the same key, kind, reference and fingerprint `postOperation` would give it, so either path
 * sees the other's operation as a replay), its bet record, one balance update per member and
 * one `bets.settled` event for the call. Answers per round, in order: `applied`, `replayed`
 * (its key was known with this content: nothing moved), `settled` (the round was not open:
 * settled or cancelled before, as the bet guard would answer) or `idempotency_conflict`.
 * Answers null when the call as a whole could not be done as a set (a key or transaction id
 * claimed meanwhile by another transaction, a deadlock, an unknown account): nothing of it was
 * written, and the caller takes the one-by-one path. Only DEPOSITs ending their round without
 * bonus parts, each round and key once (the caller checks).
 */
export async function settleRounds(
  db: Db,
  settlements: RoundSettlement[],
): Promise<RoundSettlementOutcome[] | null> {
  if (settlements.length === 0) return [];
  const items = settlements.map((s) => {
    // A round settled with nothing paid needs only what finds its round: it writes no
    // operation, transfer or record (0048), and most rounds of a draw are such (about 72 %).
    const round = {
      main: s.main.id,
      member: s.bet.member,
      vendor: s.bet.vendor,
      round: s.bet.round,
      amount: 0,
    };
    if (s.bet.amount === 0) return round;
    if (!(s.bet.amount > 0)) throw new AppError('invalid_amount');
    const request: OperationRequest = {
      idempotencyKey: s.idempotencyKey,
      kind: s.kind,
      reference: s.reference,
      transfers: [{ from: s.revenue, to: s.main, amountMinor: s.bet.amount, kind: s.kind }],
    };
    validate(request);
    return {
      ...round,
      revenue: s.revenue.id,
      key: s.idempotencyKey,
      fingerprint: fingerprintOf(request),
      kind: s.kind,
      reference: s.reference,
      merchant: s.bet.merchant,
      game: s.bet.game,
      currency: s.bet.currency,
      txId: s.bet.txId,
      betRef: s.bet.betRef,
      amount: s.bet.amount,
      txTime: s.bet.txTime,
    };
  });
  let states: string[];
  try {
    const { rows } = await sql<{ states: string[] | string }>`
      SELECT to_jsonb(ledger_settle_rounds(${JSON.stringify(items)}::jsonb)) AS states`.execute(db);
    states = parseJson(rows[0]!.states);
  } catch (error) {
    const code = (error as DatabaseError).code;
    if (
      code === 'LD002' ||
      code === 'LD003' ||
      code === 'LD004' ||
      code === '40P01' ||
      code === '40001'
    )
      return null;
    throw error;
  }
  return states.map((state) =>
    state === 'conflict'
      ? new AppError('idempotency_conflict')
      : (state as 'applied' | 'replayed' | 'settled'),
  );
}

/**
 * The books: every member account's balance equals the sum of its transfers, no member
 * balance is negative, and all accounts (members and house) sum to zero per currency.
 * Returns the problems found (empty when the books balance). Tests and the crash check call it.
 */
export async function checkInvariants(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const mismatched = await sql<{ id: number; balance_minor: number; computed: number }>`
    SELECT a.id, a.balance_minor,
           coalesce((SELECT sum(amount_minor) FROM ledger_transfers WHERE to_account_id = a.id), 0)
         - coalesce((SELECT sum(amount_minor) FROM ledger_transfers WHERE from_account_id = a.id), 0) AS computed
    FROM ledger_accounts a
    WHERE a.owner_kind = 'member'`.execute(db);
  for (const row of mismatched.rows) {
    if (Number(row.computed) !== Number(row.balance_minor))
      problems.push(
        `account ${row.id}: balance ${row.balance_minor} but transfers sum to ${row.computed}`,
      );
    if (Number(row.balance_minor) < 0)
      problems.push(`account ${row.id}: negative balance ${row.balance_minor}`);
  }
  const totals = await sql<{ currency: string; total: number }>`
    SELECT a.currency,
           sum(CASE WHEN a.owner_kind = 'member' THEN a.balance_minor ELSE
             coalesce((SELECT sum(amount_minor) FROM ledger_transfers WHERE to_account_id = a.id), 0)
           - coalesce((SELECT sum(amount_minor) FROM ledger_transfers WHERE from_account_id = a.id), 0) END) AS total
    FROM ledger_accounts a GROUP BY a.currency`.execute(db);
  for (const row of totals.rows)
    if (Number(row.total) !== 0)
      problems.push(`currency ${row.currency}: accounts sum to ${row.total}, not 0`);
  return problems;
}
