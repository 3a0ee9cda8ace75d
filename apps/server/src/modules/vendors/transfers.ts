import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/errors';
import { refreshingValue } from '../../lib/refreshing-value';
import type { Accounts } from '../auth';
import type {
  MemberRef,
  VendorTransferGateway,
  VendorTransferInput,
  VendorTransferResult,
  WalletService,
} from '../wallet';
import type { TransferRepository, VendorTransfer } from './transfer-repository';
import {
  TransferUnknown,
  type TransferOutcome,
  type TransferRefusal,
  type TransferWalletClient,
  type TransferWalletClients,
} from './transfer-wallet';

/**
 * Transfer-wallet vendors (issue 12 §3; docs/pam.md "Transfer-wallet vendors"). Each transfer is
 * a vendor_transfers row (pending → succeeded | failed) with Banca's transfer id, which the vendor
 * applies once; the money side is the wallet's ledger, each movement once, keyed by that id:
 *
 * - in (main → vendor): the ledger moves main → vendor wallet FIRST (`vendor-wallet:in:<id>`),
 *   then the vendor is called. Refused: the ledger moves it back (`vendor-wallet:in-reversal:<id>`)
 *   and the transfer is failed. No answer: pending.
 * - out (vendor → main): the vendor's rounds are read first (so the vendor wallet is current),
 *   the vendor is called, and only once it has paid out does the ledger move vendor wallet → main
 *   (`vendor-wallet:out:<id>`). Refused: failed, nothing moved. No answer: pending.
 *
 * So the vendor wallet in Banca never shows money the vendor does not hold for the player,
 * except an incoming transfer in flight. A pending transfer is settled by asking the vendor by
 * transfer id (and sending the same id again when the vendor never got it) — by a retry of the
 * player's request, or by the `vendors.transfer-reconcile` job.
 *
 * Rounds played at the vendor come back through its round feed (`syncRounds`): each round is
 * posted to the member's vendor wallet with its bet record (wallet `vendorWallets.postRound`),
 * keyed by the vendor's round id.
 */

/** A pending transfer younger than this belongs to the request still working on it. */
const RECONCILE_AFTER_MS = 10_000;
const RECONCILE_BATCH = 100;
/** Rounds one page of a vendor's feed may bring; pages per sync are bounded too. */
const FEED_PAGE = 200;
const FEED_MAX_PAGES = 50;
/**
 * A balance read waits at most this long for the vendors' rounds. Reads at the same time share
 * one request to each vendor (syncRounds); a feed with nothing new is one small GET.
 */
const REFRESH_WAIT_MS = 1_500;
const CONFIG_TTL_MS = 30_000;
/** 15 random bytes in hex, prefixed: 33 characters, within the 40 vendors usually allow. */
const TRANSFER_ID_BYTES = 15;

type Target = {
  merchantCode: string;
  vendorCode: string;
  apiUrl: string;
  enabled: boolean;
  maintenance: boolean;
};

type Logger = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export function createVendorTransfers(deps: {
  repo: TransferRepository;
  wallet: WalletService;
  accounts: Accounts;
  clients: TransferWalletClients;
  logger?: Logger;
  now?: () => number;
}) {
  const { repo, wallet } = deps;
  const now = deps.now ?? Date.now;
  const logger: Logger = deps.logger ?? { warn: () => {}, error: () => {} };
  const book = wallet.vendorWallets;

  const targets = refreshingValue({
    load: async () =>
      new Map(
        (await repo.transferIntegrations()).map((row) => [
          `${row.merchant_code}:${row.vendor_code}`,
          {
            merchantCode: row.merchant_code,
            vendorCode: row.vendor_code,
            apiUrl: row.transfer_api_url!,
            enabled: row.enabled,
            maintenance: row.maintenance,
          } satisfies Target,
        ]),
      ),
    maxAgeMs: CONFIG_TTL_MS,
    refreshAfterMs: CONFIG_TTL_MS / 2,
    now,
  });
  const clients = new Map<string, { apiUrl: string; client: TransferWalletClient }>();

  async function target(merchantCode: string, vendorCode: string): Promise<Target | null> {
    return (await targets.get()).get(`${merchantCode}:${vendorCode}`) ?? null;
  }

  function clientOf(t: Target): TransferWalletClient {
    const key = `${t.merchantCode}:${t.vendorCode}`;
    const known = clients.get(key);
    if (known && known.apiUrl === t.apiUrl) return known.client;
    const client = deps.clients(t);
    clients.set(key, { apiUrl: t.apiUrl, client });
    return client;
  }

  async function connectedClient(merchantCode: string, vendorCode: string) {
    const t = await target(merchantCode, vendorCode);
    if (!t) throw new AppError('vendor_transfer_refused');
    return { t, client: clientOf(t) };
  }

  const memberOf = (row: VendorTransfer): MemberRef => ({
    memberId: Number(row.member_id),
    merchantCode: row.merchant_code,
    currency: row.currency,
  });

  const requestOf = (row: VendorTransfer) => ({
    transferId: row.transfer_id,
    playerId: String(row.member_id),
    currency: row.currency,
    amountMinor: Number(row.amount_minor),
  });

  /**
   * The vendor's outcome of this transfer: asked by id when it may have been sent before, sent
   * (again: the vendor applies an id once) when the vendor never got it. null: no answer.
   */
  async function outcomeAtVendor(
    row: VendorTransfer,
    client: TransferWalletClient,
  ): Promise<TransferOutcome | null> {
    try {
      if (row.attempts > 0) {
        const known = await client.queryTransfer(row.transfer_id);
        if (known) return known;
      }
      await repo.markSent(row.id);
      row.attempts += 1;
      const request = requestOf(row);
      return row.direction === 'in'
        ? await client.transferIn(request)
        : await client.transferOut(request);
    } catch (error) {
      if (!(error instanceof TransferUnknown)) throw error;
      logger.warn(
        { transferId: row.transfer_id, err: error.message },
        'vendor transfer: no answer',
      );
      // One question by id, now: an answer lost on the way back is known to the vendor.
      try {
        return await client.queryTransfer(row.transfer_id);
      } catch (again) {
        if (again instanceof TransferUnknown) return null;
        throw again;
      }
    }
  }

  /** Drives a pending transfer as far as it can go now; answers it once succeeded, throws otherwise. */
  async function drive(row: VendorTransfer, fresh: boolean): Promise<VendorTransferResult> {
    const member = memberOf(row);
    const { client } = await connectedClient(row.merchant_code, row.vendor_code);
    const amountMinor = Number(row.amount_minor);
    const reference = row.direction === 'in' ? `0->${row.vendor_code}` : `${row.vendor_code}->0`;

    if (row.direction === 'in') {
      // 1. The ledger first: main → vendor wallet (a replay once it was done).
      try {
        await book.move({
          member,
          vendorCode: row.vendor_code,
          direction: 'in',
          amountMinor,
          key: `in:${row.transfer_id}`,
          reference,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient_funds') {
          // Never moved, so never sent: nothing happened anywhere.
          if (fresh) await repo.forget(row.id);
          else await repo.settle(row.id, { status: 'failed', failureCode: 'insufficient_funds' });
        }
        throw error;
      }
    } else if (fresh) {
      // Out: the vendor wallet must be current and hold the amount before the vendor is asked.
      await syncQuietly(row.merchant_code, row.vendor_code);
      const held = await book.vendorBalanceMinor(member, row.vendor_code);
      if (held < amountMinor) {
        await repo.forget(row.id);
        throw new AppError('insufficient_funds', { data: { balanceMinor: held } });
      }
    }

    // 2. The vendor.
    const outcome = await outcomeAtVendor(row, client);
    if (outcome === null) throw new AppError('vendor_transfer_pending');

    if (outcome.state === 'failed') {
      if (row.direction === 'in') {
        // 3a. Refused: the money goes back to the main wallet, once.
        try {
          await book.move({
            member,
            vendorCode: row.vendor_code,
            direction: 'out',
            amountMinor,
            key: `in-reversal:${row.transfer_id}`,
            reference: `${reference} reversed`,
          });
        } catch (error) {
          await repo.noteFailure(row.id, outcome.code);
          logger.error({ transferId: row.transfer_id }, 'vendor transfer: reversal not posted yet');
          throw error;
        }
      }
      await repo.settle(row.id, { status: 'failed', failureCode: outcome.code });
      throw refusal(outcome);
    }

    // 3b. Done at the vendor. Out: now the ledger moves vendor wallet → main.
    let balances: { mainBalanceMinor: number; vendorBalanceMinor: number };
    if (row.direction === 'out') {
      const move = () =>
        book.move({
          member,
          vendorCode: row.vendor_code,
          direction: 'out',
          amountMinor,
          key: `out:${row.transfer_id}`,
          reference,
        });
      try {
        balances = await move();
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'insufficient_funds')) throw error;
        // The vendor wallet is behind the vendor (a win not read yet): read the rounds, once more.
        await syncQuietly(row.merchant_code, row.vendor_code, true);
        try {
          balances = await move();
        } catch (again) {
          if (again instanceof AppError && again.code === 'insufficient_funds') {
            logger.error(
              { transferId: row.transfer_id },
              'vendor transfer out: vendor wallet behind',
            );
            throw new AppError('vendor_transfer_pending');
          }
          throw again;
        }
      }
    } else {
      const [mainBalanceMinor, vendorBalanceMinor] = await Promise.all([
        book.mainBalanceMinor(member),
        book.vendorBalanceMinor(member, row.vendor_code),
      ]);
      balances = { mainBalanceMinor, vendorBalanceMinor };
    }
    await repo.settle(row.id, { status: 'succeeded', vendorRef: outcome.vendorRef });
    return { amountMinor, ...balances };
  }

  function refusal(outcome: Extract<TransferOutcome, { state: 'failed' }>): AppError {
    if (outcome.code === 'insufficient_funds')
      return new AppError('insufficient_funds', {
        data: outcome.balanceMinor === null ? {} : { balanceMinor: outcome.balanceMinor },
      });
    return new AppError('vendor_transfer_refused');
  }

  /** One transfer, by the caller's idempotency key: made, or found again and answered. */
  async function transfer(
    direction: 'in' | 'out',
    input: VendorTransferInput,
  ): Promise<VendorTransferResult> {
    const { member, vendorCode, amountMinor } = input;
    const { t } = await connectedClient(member.merchantCode, vendorCode);
    const key = `${member.merchantCode}:${input.idempotencyKey}`;
    const existing = await repo.byKey(key);
    if (!existing && direction === 'in' && (!t.enabled || t.maintenance))
      throw new AppError('vendor_transfer_refused');
    const { row, created } = existing
      ? { row: existing, created: false }
      : await repo.insertOrGet({
          transfer_id: `bt-${randomBytes(TRANSFER_ID_BYTES).toString('hex')}`,
          idempotency_key: key,
          merchant_code: member.merchantCode,
          member_id: member.memberId,
          vendor_code: vendorCode,
          currency: member.currency,
          direction,
          amount_minor: amountMinor,
          vendor_ref: null,
          failure_code: null,
          settled_at: null,
        });
    if (
      Number(row.member_id) !== member.memberId ||
      row.vendor_code !== vendorCode ||
      row.direction !== direction ||
      Number(row.amount_minor) !== amountMinor
    )
      throw new AppError('idempotency_conflict');
    if (row.status === 'succeeded') {
      const [mainBalanceMinor, vendorBalanceMinor] = await Promise.all([
        book.mainBalanceMinor(member),
        book.vendorBalanceMinor(member, vendorCode),
      ]);
      return { amountMinor, mainBalanceMinor, vendorBalanceMinor };
    }
    if (row.status === 'failed')
      throw refusal({
        state: 'failed',
        code: (row.failure_code ?? 'refused') as TransferRefusal,
        balanceMinor: null,
      });
    return drive(row, created);
  }

  /** Settles pending transfers left by requests that got no answer (the reconcile job). */
  async function reconcile(
    options: { olderThanMs?: number } = {},
  ): Promise<{ settled: number; pending: number }> {
    const before = new Date(now() - (options.olderThanMs ?? RECONCILE_AFTER_MS));
    const rows = await repo.pending(before, RECONCILE_BATCH);
    let settled = 0;
    for (const row of rows) {
      try {
        await drive(row, false);
        settled += 1;
      } catch (error) {
        if (!(error instanceof AppError)) {
          logger.error(
            { transferId: row.transfer_id, err: String(error) },
            'vendor transfer: reconcile failed',
          );
          continue;
        }
        const after = await repo.byTransferId(row.transfer_id);
        if (after && after.status !== 'pending') settled += 1;
        else await repo.markSent(row.id).catch(() => {}); // touched: next round, oldest first
      }
    }
    return { settled, pending: rows.length - settled };
  }

  /**
   * An operator's "reconcile now" (the Vendors desk): the reconcile job's work for one transfer,
   * at once. A pending transfer is driven as far as the vendor's answer allows (asked by id, sent
   * again when the vendor never got it); a settled one is left as it is. The row after, or null.
   */
  async function reconcileOne(id: number): Promise<VendorTransfer | null> {
    const row = await repo.byId(id);
    if (!row || row.status !== 'pending') return row ?? null;
    try {
      await drive(row, false);
    } catch (error) {
      // Refused, still unanswered or unreachable: the row says which; the job keeps trying.
      if (!(error instanceof AppError))
        logger.error(
          { transferId: row.transfer_id, err: String(error) },
          'vendor transfer: reconcile failed',
        );
    }
    return (await repo.byId(id)) ?? null;
  }

  // ── rounds played at the vendor ─────────────────────────────────────────────────────────────

  const syncing = new Map<string, Promise<number>>();

  /**
   * Reads the vendor's round feed from the brand's cursor and posts each round of one of the
   * brand's members to that member's vendor wallet (with its bet record), advancing the cursor.
   * Stops at a round the vendor wallet cannot cover yet (it will, once an earlier movement
   * lands). Concurrent calls for one vendor share one read. Answers the rounds posted.
   */
  function syncRounds(merchantCode: string, vendorCode: string, force = false): Promise<number> {
    const key = `${merchantCode}:${vendorCode}`;
    const running = syncing.get(key);
    if (running) return force ? running.then(() => syncRounds(merchantCode, vendorCode)) : running;
    const work = readFeed(merchantCode, vendorCode).finally(() => syncing.delete(key));
    syncing.set(key, work);
    return work;
  }

  async function readFeed(merchantCode: string, vendorCode: string): Promise<number> {
    const t = await target(merchantCode, vendorCode);
    if (!t) return 0;
    const client = clientOf(t);
    let cursor = await repo.cursor(merchantCode, vendorCode);
    let posted = 0;
    for (let page = 0; page < FEED_MAX_PAGES; page++) {
      const { rounds, next } = await client.rounds(cursor, FEED_PAGE);
      for (const round of rounds) {
        const member = await memberOfPlayer(merchantCode, round.playerId, round.currency);
        if (member) {
          try {
            if ((await book.postRound({ member, vendorCode, round })) === 'posted') posted += 1;
          } catch (error) {
            if (error instanceof AppError && error.code === 'insufficient_funds') {
              logger.warn(
                { vendorCode, roundId: round.roundId },
                'vendor round: wallet behind, later',
              );
              if (cursor !== null) await repo.saveCursor(merchantCode, vendorCode, cursor);
              return posted;
            }
            throw error;
          }
        }
        cursor = round.cursor;
      }
      if (next !== null) cursor = next;
      if (cursor !== null) await repo.saveCursor(merchantCode, vendorCode, cursor);
      if (rounds.length < FEED_PAGE) break;
    }
    return posted;
  }

  /** The brand's member a vendor's player id names (Banca sends member ids), or null. */
  async function memberOfPlayer(
    merchantCode: string,
    playerId: string,
    currency: string,
  ): Promise<MemberRef | null> {
    if (!/^[1-9]\d{0,15}$/.test(playerId)) return null;
    const row = await deps.accounts.findById(Number(playerId));
    if (!row || row.merchant_code !== merchantCode) return null;
    return { memberId: row.id, merchantCode, currency };
  }

  /** syncRounds where an unreadable feed only means the vendor wallet may be a little behind. */
  async function syncQuietly(merchantCode: string, vendorCode: string, force = false) {
    try {
      await syncRounds(merchantCode, vendorCode, force);
    } catch (error) {
      logger.warn({ vendorCode, err: String(error) }, 'vendor round feed unread');
    }
  }

  /** Every connected vendor's rounds, every brand (the rounds job). */
  async function syncAllRounds(): Promise<number> {
    let posted = 0;
    for (const t of (await targets.get()).values()) {
      try {
        posted += await syncRounds(t.merchantCode, t.vendorCode);
      } catch (error) {
        logger.warn({ vendorCode: t.vendorCode, err: String(error) }, 'vendor round feed unread');
      }
    }
    return posted;
  }

  /** The wallet's gateway (vendor-wallets.ts in the wallet), connected at assembly. */
  const gateway: VendorTransferGateway = {
    async connected(merchantCode, vendorCode) {
      return (await target(merchantCode, vendorCode)) !== null;
    },
    transferIn: (input) => transfer('in', input),
    transferOut: (input) => transfer('out', input),
    async refresh(merchantCode) {
      const due = [...(await targets.get()).values()].filter(
        (t) => t.merchantCode === merchantCode,
      );
      if (due.length === 0) return;
      const all = Promise.all(
        due.map((t) =>
          syncRounds(t.merchantCode, t.vendorCode).catch((error: unknown) =>
            logger.warn(
              { vendorCode: t.vendorCode, err: String(error) },
              'vendor round feed unread',
            ),
          ),
        ),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        all,
        new Promise((resolve) => {
          timer = setTimeout(resolve, REFRESH_WAIT_MS);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    },
  };

  /** The player's balance at the vendor (tests, and an operator's check against the vendor wallet). */
  async function vendorBalanceMinor(member: MemberRef, vendorCode: string): Promise<number> {
    const { client } = await connectedClient(member.merchantCode, vendorCode);
    return client.balance(String(member.memberId), member.currency);
  }

  return {
    gateway,
    reconcile,
    reconcileOne,
    syncRounds,
    syncAllRounds,
    vendorBalanceMinor,
    invalidate: () => targets.invalidate(),
  };
}
export type VendorTransfers = ReturnType<typeof createVendorTransfers>;
