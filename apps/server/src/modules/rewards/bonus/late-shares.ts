import type { Db } from '../../../db/connect';
import { AppError } from '../../../http/errors';
import { postOperation, type MemberRef, type WalletService } from '../../wallet';
import type { LateSharesRepository, LateWatchRow } from './late-shares-repository';
import type { BonusGrantRow } from './repository';

/** How long a close's rounds are watched: a round open longer than this is a vendor's fault. */
export const LATE_WATCH_DAYS = 7;
/** How far before a grant a round it staked may have opened (the stake drew an earlier bonus). */
const ROUND_OPEN_SLACK_MS = 2 * 86_400_000;
/** Bonus-account movements read per page, and pages per look (a watch sees the newest first). */
const MOVEMENTS_PAGE = 100;
const MAX_PAGES = 10;
/** Ledger kinds of a stake drawn from the bonus account, and of money coming back to it. */
const STAKE_KINDS = new Set(['bet', 'promo_bet']);
const RETURN_KINDS = new Set(['win', 'promo_win', 'bet_cancel']);

type Movement = { id: number; type: string; amountMinor: number; reference: string };

/**
 * A win's bonus share that lands after its bonus closed (docs/bonus.md "A win after its bonus
 * closed"). Under bonus_first a round staked from the bonus account pays its win back there in
 * the stake's proportion; when the round is still open as the member's last open bonus closes,
 * that share would stay in the account for the member's next bonus. Instead the close watches
 * its open rounds, and every later transfer into the bonus account from one of them (a win's
 * share, a cancel's bonus refund) follows the close: to cash when the bonus was completed, to
 * the brand's promotion account when it was forfeited or expired. One ledger operation per
 * transfer, keyed `bonus-late:<transfer id>`, so it moves once whoever looks first: the minute
 * job, the member's bonus list, or a settled-rounds hook (`settleLateShares`).
 */
export function createLateShares(deps: {
  db: Db;
  repo: LateSharesRepository;
  wallet: Pick<
    WalletService,
    'records' | 'purposeBalance' | 'postedOperation' | 'memberAccount' | 'houseAccount'
  >;
  /** Whether the member has another open grant than this one (bet-order-repository.ts). */
  othersOpen: (memberId: number, currency: string, grantId: number) => Promise<boolean>;
  /** Whether the brand's bets draw the bonus account first now (bet-order.ts, from memory). */
  bonusFirst: (merchantCode: string) => Promise<boolean>;
  now: () => Date;
}) {
  const { db, repo, wallet, now } = deps;

  /** The bonus account's movements newer than `afterId` (all pages), newest first. */
  async function movementsAfter(member: MemberRef, afterId: number): Promise<Movement[]> {
    const found: Movement[] = [];
    for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
      const page = await wallet.records(member, {
        purpose: 'bonus',
        pageNo,
        pageSize: MOVEMENTS_PAGE,
      });
      for (const m of page.list) {
        if (m.id <= afterId) return found;
        found.push({ id: m.id, type: m.type, amountMinor: m.amountMinor, reference: m.reference });
      }
      if (page.list.length < MOVEMENTS_PAGE) return found;
    }
    return found;
  }

  /**
   * After a grant's close is posted: when it was the member's last open bonus and rounds it
   * staked from the bonus account are still open, they are watched from the account's latest
   * transfer on. Costs one read of the bonus account's newest movements per such close.
   */
  async function watch(row: BonusGrantRow): Promise<void> {
    if (row.status === 'open' || row.closed_at === null) return;
    // Under cash_first a win is paid to cash whatever its round's stake was: nothing comes back.
    if (!(await deps.bonusFirst(row.merchant_code))) return;
    if (await deps.othersOpen(row.member_id, row.currency, row.id)) return;
    const member = memberOf(row);
    const page = await wallet.records(member, {
      purpose: 'bonus',
      pageNo: 1,
      pageSize: MOVEMENTS_PAGE,
    });
    const staked = [
      ...new Set(
        page.list
          .filter((m) => STAKE_KINDS.has(m.type) && m.amountMinor < 0)
          .map((m) => m.reference),
      ),
    ];
    const roundsSince = new Date(row.created_at.getTime() - ROUND_OPEN_SLACK_MS);
    const open = await repo.openRounds({
      merchantCode: row.merchant_code,
      memberId: row.member_id,
      sinceUtc: roundsSince,
      refs: staked,
    });
    if (open.length === 0) return;
    await repo.insertWatch({
      grant_id: row.id,
      merchant_code: row.merchant_code,
      member_id: row.member_id,
      currency: row.currency,
      outcome: row.status,
      after_transfer_id: page.list[0]?.id ?? 0,
      rounds: open.sort(),
      rounds_since: roundsSince,
      until: new Date(row.closed_at.getTime() + LATE_WATCH_DAYS * 86_400_000),
    });
  }

  function memberOf(row: {
    member_id: number;
    merchant_code: string;
    currency: string;
  }): MemberRef {
    return { memberId: row.member_id, merchantCode: row.merchant_code, currency: row.currency };
  }

  /**
   * Moves on one late share once: what the transfer brought, at most what the account holds
   * now, under `bonus-late:<transfer id>`. A run that finds the key posted records what it moved.
   */
  async function moveShare(watch: LateWatchRow, movement: Movement): Promise<void> {
    const member = memberOf(watch);
    const key = `bonus-late:${movement.id}`;
    const record = (amountMinor: number, operationId: number | null) =>
      repo.recordShare({
        transfer_id: movement.id,
        grant_id: watch.grant_id,
        amount_minor: amountMinor,
        operation_id: operationId,
      });
    for (let attempt = 1; ; attempt += 1) {
      const earlier = await wallet.postedOperation(key);
      if (earlier) return record(earlier.amountMinor, earlier.operationId);
      const amountMinor = Math.min(
        movement.amountMinor,
        await wallet.purposeBalance(member, 'bonus'),
      );
      if (amountMinor <= 0) {
        // Nothing left: a concurrent run may have just moved it (its operation, committed before
        // this balance was read, is what the share was; recording 0 first hid it from the
        // bonus list, seen in CI), or a bet under bonus_first staked it meanwhile (its own win
        // comes back later).
        const moved = await wallet.postedOperation(key);
        return moved ? record(moved.amountMinor, moved.operationId) : record(0, null);
      }
      const [from, to] = await Promise.all([
        wallet.memberAccount(member, 'bonus'),
        watch.outcome === 'completed'
          ? wallet.memberAccount(member, 'main')
          : wallet.houseAccount(watch.merchant_code, 'promotion', watch.currency),
      ]);
      try {
        const posted = await postOperation(db, {
          idempotencyKey: key,
          kind: watch.outcome === 'completed' ? 'bonus_convert' : `bonus_${watch.outcome}`,
          reference: `bonus:${watch.grant_id}`,
          transfers: [{ from, to, amountMinor, kind: 'bonus' }],
        });
        return record(amountMinor, posted.operationId);
      } catch (error) {
        // A concurrent run posted the key with another amount, or a bet took the money: look again.
        const overtaken =
          error instanceof AppError &&
          (error.code === 'insufficient_funds' || error.code === 'idempotency_conflict');
        if (!overtaken || attempt >= 3) throw error;
      }
    }
  }

  /** Moves on what one watch's rounds brought since the close; ends the watch once they are over. */
  async function sweep(watch: LateWatchRow): Promise<number> {
    const member = memberOf(watch);
    // Read before the movements: a round seen over has its last transfers committed, so this
    // look moves them and the watch may end; one still open is looked at again later.
    const over =
      now() >= watch.until ||
      (
        await repo.openRounds({
          merchantCode: watch.merchant_code,
          memberId: watch.member_id,
          sinceUtc: watch.rounds_since,
          refs: watch.rounds,
        })
      ).length === 0;
    const rounds = new Set(watch.rounds);
    const late = (await movementsAfter(member, watch.after_transfer_id))
      .filter((m) => RETURN_KINDS.has(m.type) && m.amountMinor > 0 && rounds.has(m.reference))
      .reverse();
    const handled = await repo.handledTransfers(late.map((m) => m.id));
    let moved = 0;
    for (const movement of late) {
      if (handled.has(movement.id)) continue;
      await moveShare(watch, movement);
      moved += 1;
    }
    if (over) await repo.endWatch(watch.grant_id);
    return moved;
  }

  /**
   * Moves on the late shares of these members' watches (a settled-rounds hook: one indexed
   * query when none of them has a watch), or of the oldest watches (the minute job).
   */
  async function settle(memberIds: number[] | null, limit = 200): Promise<number> {
    let moved = 0;
    for (const w of await repo.pendingWatches(memberIds, limit)) moved += await sweep(w);
    return moved;
  }

  return { watch, settle, lateSums: repo.lateSums };
}
export type LateShares = ReturnType<typeof createLateShares>;
