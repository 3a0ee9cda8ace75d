import {
  formatMoney,
  type AdminWithdrawal,
  type ConfirmWithdrawalRequest,
  type UpdateWithdrawalSettings,
  type WithdrawalSettings,
  type Withdrawal,
  type WithdrawalRecordStatus,
  type WithdrawOverview,
  MAX_PROOFS,
  parseAmountToMinor,
} from '@banca/contracts';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { publish } from '../../lib/events';
import { MAX_UPLOAD_BYTES, sniffImage, type FileStorage } from '../../lib/file-storage';
import { periodAt } from '../../lib/job-periods';
import { complianceProfileOf, type Brand } from '../system';
import { postOperation, type MemberRef, type WalletService } from '../wallet';
import type { IdentityService } from './identity';
import { maskCpf, maskPixKey } from './pix-keys';
import { ProviderUnavailableError, type PaymentProviders, type PayoutState } from './provider';
import type { PaymentsRepository } from './repository';
import { PIX_SANDBOX_PROVIDER } from './sandbox-provider';
import type { WithdrawalStatus } from './tables';
import type {
  ProofRow,
  WithdrawalRow,
  WithdrawalSettingsRow,
  WithdrawalsRepository,
} from './withdrawals-repository';

/**
 * How long the operator's own approval keeps the payout to itself before the payouts job may
 * send it too: the approval sends at once; the job only picks up what that left unsettled.
 */
export const PAYOUT_LEASE_MS = 60_000;
/** Backoff after the nth unsettled payout attempt: 30 s, 1 min, 2 min … capped at 30 min. */
const PAYOUT_RETRY_BASE_MS = 30_000;
const PAYOUT_RETRY_MAX_MS = 30 * 60_000;
/**
 * Attempts (sends, resends and questions to the PSP) before the job stops and leaves the
 * withdrawal to the cashier with its last error: about a day at the 30-minute cap, well past any
 * PSP outage worth waiting for. The money stays locked, never lost.
 */
export const MAX_PAYOUT_ATTEMPTS = 60;
/** Withdrawals one job run looks at; the rest wait for the next minute. */
export const WITHDRAWAL_JOB_BATCH = 100;
/** A `new` or `rejecting` row untouched this long was left half-done by an instance that died. */
export const UNFINISHED_AFTER_MS = 60_000;
/** Payouts waiting for an answer one member can have at once is small; the page lists them all up to this. */
const MAX_PENDING_CONFIRMATIONS = 20;

/** Sortable columns of the cashier's queue (the console's table sends one of these). */
const QUEUE_SORTS = {
  createdAt: 'created_at',
  amountMinor: 'amount_minor',
  updatedAt: 'updated_at',
} as const;

/**
 * A brand's withdrawal rules when the operator has set none: R$ 10 to R$ 50.000 a withdrawal,
 * 3 a day up to R$ 100.000, valid bets of 100 % of the deposits since the last payout, a verified
 * CPF, and 15 minutes to confirm a payout (facts.md §1).
 */
export function defaultWithdrawalSettings(merchantCode: string): WithdrawalSettingsRow {
  return {
    merchant_code: merchantCode,
    provider: PIX_SANDBOX_PROVIDER,
    min_minor: 1_000,
    max_minor: 5_000_000,
    daily_count_max: 3,
    daily_amount_max_minor: 10_000_000,
    turnover_pct: 100,
    min_deposit_total_minor: 0,
    identity_required: true,
    confirm_minutes: 15,
  };
}

/** How the member sees a status: the steps between a claim and its ledger operation look like where they lead. */
function recordStatus(status: WithdrawalStatus): WithdrawalRecordStatus {
  if (status === 'new' || status === 'rejecting') return 'pending';
  if (status === 'cancelled') return 'rejected';
  if (status === 'failing') return 'approved';
  if (status === 'refunding') return 'disputed';
  return status;
}

/** The statuses a member's or operator's status filter stands for. */
function statusesOf(status: WithdrawalRecordStatus | undefined): WithdrawalStatus[] | null {
  if (!status) return null;
  if (status === 'pending') return ['pending', 'rejecting'];
  if (status === 'approved') return ['approved', 'failing'];
  if (status === 'disputed') return ['disputed', 'refunding'];
  return [status];
}

/** The job stopped trying this payout (attempts exhausted): only the cashier moves it on. */
function payoutGaveUp(row: WithdrawalRow): boolean {
  return row.status === 'approved' && row.payout_attempts >= MAX_PAYOUT_ATTEMPTS;
}

/** What did not arrive of a disputed payout: the rest of a partial receipt, or all of it. */
function missingMinor(row: WithdrawalRow): number {
  return row.confirmation === 'partial' && row.received_minor !== null
    ? row.amount_minor - row.received_minor
    : row.amount_minor;
}

function retryDelayMs(attempts: number): number {
  return Math.min(PAYOUT_RETRY_MAX_MS, PAYOUT_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** A turnover requirement of another module (the bonus wallet's open wagering), or null when none is open. */
export type WageringGate = {
  openRequirement(member: MemberRef): Promise<{ requiredMinor: number; doneMinor: number } | null>;
};

export function createWithdrawalsService(deps: {
  db: Db;
  repo: WithdrawalsRepository;
  paymentsRepo: PaymentsRepository;
  wallet: WalletService;
  providers: PaymentProviders;
  storage: FileStorage;
  identity: IdentityService;
  security: {
    hasPaymentPassword(memberId: number): Promise<boolean>;
    checkPaymentPassword(memberId: number, ip: string, paymentPassword: string): Promise<void>;
  };
  now?: () => Date;
}) {
  const { db, repo, wallet, providers, storage, identity, security } = deps;
  const now = deps.now ?? (() => new Date());

  async function settingsOf(merchantCode: string): Promise<WithdrawalSettingsRow> {
    const row = await repo.settings(merchantCode);
    if (row) return row;
    await repo.insertSettings(defaultWithdrawalSettings(merchantCode));
    return (await repo.settings(merchantCode))!;
  }

  function memberOf(row: WithdrawalRow): MemberRef {
    return { memberId: row.member_id, merchantCode: row.merchant_code, currency: row.currency };
  }

  function view(row: WithdrawalRow, proofCount: number): Withdrawal {
    return {
      id: row.id,
      amountMinor: row.amount_minor,
      currency: row.currency,
      status: recordStatus(row.status),
      pixKeyType: row.pix_key_type,
      pixKeyMasked: maskPixKey(row.pix_key_type, row.pix_key),
      createdAt: row.created_at.toISOString(),
      rejectReason:
        row.status === 'rejected' || row.status === 'failed' || row.status === 'rejecting'
          ? row.failure_reason
          : null,
      paidAt: row.paid_at?.toISOString() ?? null,
      confirmBy: row.status === 'paid' ? (row.confirm_by?.toISOString() ?? null) : null,
      confirmation: row.confirmation,
      receivedMinor: row.received_minor,
      remainingMinor:
        row.confirmation === 'partial' && row.received_minor !== null
          ? row.amount_minor - row.received_minor
          : row.confirmation === 'not_received'
            ? row.amount_minor
            : null,
      proofCount,
      refundMinor: row.status === 'refunded' ? row.refund_minor : null,
      resolutionNote:
        row.status === 'refunded' || row.status === 'dispute_closed' ? row.resolution_note : null,
      resolvedAt:
        row.status === 'refunded' || row.status === 'dispute_closed'
          ? (row.resolved_at?.toISOString() ?? null)
          : null,
    };
  }

  async function views(rows: WithdrawalRow[]): Promise<Withdrawal[]> {
    const proofs = await repo.proofs(rows.map((r) => r.id));
    return rows.map((row) => view(row, proofs.filter((p) => p.withdrawal_id === row.id).length));
  }

  // ── the requirements (facts.md §1: turnover, deposits, identity, payment password) ───────

  /**
   * Another module's turnover requirement a withdrawal also waits for: the rewards module's
   * open bonus wagering (docs/bonus.md), connected at assembly so payments imports nothing of it.
   */
  let wagering: WageringGate | null = null;
  function connectWagering(gate: WageringGate): void {
    wagering = gate;
  }

  /**
   * Valid bets needed since the last payout (a share of the deposits since), and done; while a
   * bonus's wagering is open and has more left, that requirement instead (facts.md §1: one
   * turnover code, whichever requirement holds the withdrawal back).
   */
  async function turnoverOf(member: MemberRef, settings: WithdrawalSettingsRow) {
    const since = await repo.lastPaidAt(member.memberId);
    const [deposited, doneMinor, bonus] = await Promise.all([
      repo.creditedDepositsSince(member.memberId, since),
      wallet.validBetSince(member, since),
      wagering ? wagering.openRequirement(member) : null,
    ]);
    const deposits = {
      requiredMinor: Math.ceil((deposited * settings.turnover_pct) / 100),
      doneMinor,
    };
    const left = (t: { requiredMinor: number; doneMinor: number }) =>
      Math.max(0, t.requiredMinor - t.doneMinor);
    return bonus && left(bonus) > left(deposits) ? bonus : deposits;
  }

  async function depositsOf(member: MemberRef, settings: WithdrawalSettingsRow) {
    return {
      requiredMinor: settings.min_deposit_total_minor,
      doneMinor:
        settings.min_deposit_total_minor > 0
          ? await repo.creditedDepositsSince(member.memberId, null)
          : 0,
    };
  }

  function identityRequired(brand: Brand, settings: WithdrawalSettingsRow): boolean {
    return settings.identity_required || complianceProfileOf(brand.settings) === 'br-regulated';
  }

  async function mainBalance(member: MemberRef, brand: Brand): Promise<number> {
    return (await wallet.balances(member, brand)).main.balanceMinor;
  }

  /** The withdraw page: limits, today's use, the requirements and where they stand, the keys. */
  async function overview(member: MemberRef, brand: Brand): Promise<WithdrawOverview> {
    const settings = await settingsOf(member.merchantCode);
    const today = periodAt('day', brand.timeZone, now());
    const [made, passwordSet, identityRow, turnover, deposits, pixKeys, balanceMinor] =
      await Promise.all([
        repo.madeSince(member.memberId, today.startUtc),
        security.hasPaymentPassword(member.memberId),
        identity.identityOf(member.memberId),
        turnoverOf(member, settings),
        depositsOf(member, settings),
        identity.pixKeys(member),
        mainBalance(member, brand),
      ]);
    return {
      complianceProfile: complianceProfileOf(brand.settings),
      currency: member.currency,
      balanceMinor,
      minMinor: settings.min_minor,
      maxMinor: settings.max_minor,
      dailyCountMax: settings.daily_count_max,
      todayCount: made.count,
      dailyAmountMaxMinor: settings.daily_amount_max_minor,
      todayAmountMinor: made.amountMinor,
      paymentPasswordSet: passwordSet,
      identityRequired: identityRequired(brand, settings),
      identity: identityRow ? identity.view(identityRow) : null,
      turnover,
      deposits,
      pixKeys,
      confirmMinutes: settings.confirm_minutes,
    };
  }

  /**
   * A member asks to withdraw (facts.md §1: amount, PIX key, payment password). The whole form
   * and every rule are checked first, then the payment password (counted by auth's limiter),
   * then the withdrawal is written within today's limits and its amount moved from the main
   * wallet to the member's lock account through the ledger (key `withdrawal-lock:<id>`).
   */
  async function request(
    member: MemberRef,
    brand: Brand,
    input: { amount: unknown; pixKeyId: number; paymentPassword: string },
    client: { ip: string; language: string },
  ): Promise<Withdrawal> {
    const money = (minor: number) => formatMoney(minor, member.currency, client.language);
    const amountMinor = parseAmountToMinor(input.amount);
    if (amountMinor === null || amountMinor <= 0) throw new AppError('invalid_amount');
    const settings = await settingsOf(member.merchantCode);
    if (amountMinor < settings.min_minor || amountMinor > settings.max_minor)
      throw new AppError('withdraw_amount_out_of_range', {
        params: { min: money(settings.min_minor), max: money(settings.max_minor) },
        data: { minMinor: settings.min_minor, maxMinor: settings.max_minor },
      });
    const keyRow = await repo.pixKey(member.memberId, input.pixKeyId);
    if (!keyRow) throw new AppError('pix_key_not_found');
    if (!(await security.hasPaymentPassword(member.memberId)))
      throw new AppError('payment_password_not_set');
    if (identityRequired(brand, settings) && !(await identity.identityOf(member.memberId)))
      throw new AppError('identity_not_verified');
    await identity.assertOwnKey(brand, member.memberId, {
      type: keyRow.key_type,
      value: keyRow.key_value,
    });
    const deposits = await depositsOf(member, settings);
    if (deposits.doneMinor < deposits.requiredMinor)
      throw new AppError('withdraw_deposit_required', {
        params: { left: money(deposits.requiredMinor - deposits.doneMinor) },
        data: deposits,
      });
    const turnover = await turnoverOf(member, settings);
    if (turnover.doneMinor < turnover.requiredMinor)
      throw new AppError('withdraw_turnover_not_met', {
        params: { left: money(turnover.requiredMinor - turnover.doneMinor) },
        data: turnover,
      });
    const today = periodAt('day', brand.timeZone, now());
    const limits = {
      sinceUtc: today.startUtc,
      countMax: settings.daily_count_max,
      amountMaxMinor: settings.daily_amount_max_minor,
    };
    const refuseLimit = (made: { count: number; amountMinor: number }, reason: string) => {
      if (reason === 'count')
        return new AppError('withdraw_daily_count_reached', {
          params: { max: settings.daily_count_max },
        });
      return new AppError('withdraw_daily_amount_reached', {
        params: {
          max: money(settings.daily_amount_max_minor),
          left: money(Math.max(0, settings.daily_amount_max_minor - made.amountMinor)),
        },
      });
    };
    // The limits and the balance as they stand now, so a form that cannot succeed is refused
    // before the secret is tried; both are checked again where they are enforced.
    const made = await repo.madeSince(member.memberId, today.startUtc);
    if (made.count >= limits.countMax) throw refuseLimit(made, 'count');
    if (made.amountMinor + amountMinor > limits.amountMaxMinor) throw refuseLimit(made, 'amount');
    const balanceMinor = await mainBalance(member, brand);
    if (balanceMinor < amountMinor)
      throw new AppError('insufficient_funds', { data: { balanceMinor } });

    await security.checkPaymentPassword(member.memberId, client.ip, input.paymentPassword);

    const inserted = await repo.insertWithinLimits(
      {
        merchant_code: member.merchantCode,
        member_id: member.memberId,
        currency: member.currency,
        amount_minor: amountMinor,
        pix_key_type: keyRow.key_type,
        pix_key: keyRow.key_value,
        provider: settings.provider,
      },
      limits,
    );
    if (!inserted.ok) throw refuseLimit(inserted, inserted.reason);
    const locked = await lockFunds(inserted.row);
    if (!locked) throw new AppError('insufficient_funds', { data: { balanceMinor: 0 } });
    return view(locked, 0);
  }

  /**
   * Moves a `new` withdrawal's amount to the lock account (keyed, so a repeat after a crash
   * moves nothing again) and makes it `pending`, publishing `withdrawal.requested`. Not enough
   * money: the withdrawal is `cancelled` (it never happened) and null is answered.
   */
  async function lockFunds(row: WithdrawalRow): Promise<WithdrawalRow | null> {
    const member = memberOf(row);
    const [main, locked] = await Promise.all([
      wallet.memberAccount(member, 'main'),
      wallet.memberAccount(member, 'locked'),
    ]);
    try {
      await postOperation(db, {
        idempotencyKey: `withdrawal-lock:${row.id}`,
        kind: 'withdrawal',
        reference: `withdrawal:${row.id}`,
        transfers: [
          { from: main, to: locked, amountMinor: row.amount_minor, kind: 'withdrawal_lock' },
        ],
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        await repo.transition(db, row.id, ['new'], 'cancelled');
        return null;
      }
      throw error;
    }
    return db.transaction().execute(async (trx) => {
      const pending = await repo.transition(trx, row.id, ['new'], 'pending');
      if (!pending) return (await repo.byId(row.id)) ?? null;
      await publish(trx, 'withdrawal.requested', {
        withdrawalId: pending.id,
        merchantCode: pending.merchant_code,
        memberId: pending.member_id,
        amountMinor: pending.amount_minor,
        currency: pending.currency,
      });
      return pending;
    });
  }

  /**
   * Returns a withdrawal's locked amount to the main wallet (keyed `withdrawal-return:<id>`:
   * once, however many times it is called) and ends it in `to`, publishing
   * `withdrawal.rejected` with the reason, once.
   */
  async function returnFunds(
    row: WithdrawalRow,
    from: WithdrawalStatus[],
    to: 'rejected' | 'failed',
    reason: string,
  ): Promise<WithdrawalRow | undefined> {
    const member = memberOf(row);
    const [main, locked] = await Promise.all([
      wallet.memberAccount(member, 'main'),
      wallet.memberAccount(member, 'locked'),
    ]);
    await postOperation(db, {
      idempotencyKey: `withdrawal-return:${row.id}`,
      kind: 'withdrawal_return',
      reference: `withdrawal:${row.id}`,
      transfers: [
        { from: locked, to: main, amountMinor: row.amount_minor, kind: 'withdrawal_return' },
      ],
    });
    return db.transaction().execute(async (trx) => {
      const ended = await repo.transition(trx, row.id, from, to, {
        failure_reason: reason.slice(0, 200),
        next_payout_at: null,
      });
      if (!ended) return undefined;
      await publish(trx, 'withdrawal.rejected', {
        withdrawalId: ended.id,
        merchantCode: ended.merchant_code,
        memberId: ended.member_id,
        amountMinor: ended.amount_minor,
        currency: ended.currency,
        reason: ended.failure_reason ?? reason,
      });
      return ended;
    });
  }

  // ── the cashier ─────────────────────────────────────────────────────────────

  /** Why a decision could not be claimed, as a code. */
  async function refusalOf(id: number): Promise<AppError> {
    const row = await repo.byId(id);
    if (!row || row.status === 'new' || row.status === 'cancelled')
      return new AppError('withdrawal_not_found');
    return new AppError('withdrawal_not_pending');
  }

  /**
   * An operator approves: the decision is claimed by a conditional update (of two operators
   * acting at once exactly one gets the row; the other is told it was decided), published as
   * `withdrawal.approved` in the same transaction, then the payout is sent to the provider,
   * keyed by the withdrawal's payout id so a resend never pays twice.
   */
  async function approve(id: number, operator: string): Promise<AdminWithdrawal> {
    const at = now();
    const claimed = await db.transaction().execute(async (trx) => {
      const row = await repo.transition(trx, id, ['pending'], 'approved', {
        reviewed_by: operator,
        reviewed_at: at,
        payout_attempts: 0,
        next_payout_at: new Date(at.getTime() + PAYOUT_LEASE_MS),
      });
      if (!row) return undefined;
      await publish(trx, 'withdrawal.approved', {
        withdrawalId: row.id,
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        amountMinor: row.amount_minor,
        currency: row.currency,
      });
      return row;
    });
    if (!claimed) throw await refusalOf(id);
    await attemptPayout(claimed);
    return adminOne(id);
  }

  /**
   * An operator rejects with a reason: claimed like an approval (`rejecting`), then the money
   * goes back to the main wallet and the withdrawal ends `rejected` (`withdrawal.rejected`).
   * A claim whose instance died before the return is finished by the payouts job.
   */
  async function reject(id: number, operator: string, reason: string): Promise<AdminWithdrawal> {
    const claimed = await repo.transition(db, id, ['pending'], 'rejecting', {
      reviewed_by: operator,
      reviewed_at: now(),
      review_note: reason,
      failure_reason: reason,
    });
    if (!claimed) throw await refusalOf(id);
    await returnFunds(claimed, ['rejecting'], 'rejected', reason);
    return adminOne(id);
  }

  // ── payouts ─────────────────────────────────────────────────────────────────

  /**
   * Sends (or resends: same id, same payout at the provider) an approved withdrawal's payout
   * and applies what the provider answers. A provider that cannot be reached leaves it for the
   * payouts job, with back-off.
   */
  async function attemptPayout(row: WithdrawalRow): Promise<void> {
    const attempts = row.payout_attempts + 1;
    const provider = providers.get(row.provider);
    let state: PayoutState;
    try {
      if (!provider) throw new ProviderUnavailableError(`provider ${row.provider} not configured`);
      state = await provider.sendPayout({
        id: row.payout_id,
        pixKey: row.pix_key,
        amountMinor: row.amount_minor,
        description: `Saque ${row.id}`,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      await reschedule(row, attempts, error.message);
      return;
    }
    if (!(await applyPayoutState(row, state)))
      await reschedule(row, attempts, state.status === 'processing' ? null : state.status);
  }

  async function reschedule(row: WithdrawalRow, attempts: number, error: string | null) {
    const giveUp = attempts >= MAX_PAYOUT_ATTEMPTS;
    await repo.reschedulePayout(row.id, {
      // Past the last attempt the job stops: next_payout_at far ahead leaves it to the cashier.
      next: new Date(now().getTime() + (giveUp ? 365 * 86_400_000 : retryDelayMs(attempts))),
      attempts,
      error: giveUp ? `gave up after ${attempts} attempts: ${error ?? 'processing'}` : error,
    });
  }

  /**
   * Applies a payout's outcome, once, however often and in whatever order it is reported (the
   * send's answer, the provider's signed notification, the job's resend):
   * - paid: the locked amount leaves for the provider's clearing account (key
   *   `withdrawal-payout:<id>`), then the withdrawal becomes `paid` with its confirmation
   *   deadline and `withdrawal.paid` is published with it;
   * - failed: the locked amount goes back (key `withdrawal-return:<id>`), the withdrawal ends
   *   `failed` and `withdrawal.rejected` says `payout_failed`.
   * A crash between the two steps is finished by the next report (the job resends, the PSP
   * answers the same outcome). Answers whether the withdrawal is settled.
   */
  async function applyPayoutState(row: WithdrawalRow, state: PayoutState): Promise<boolean> {
    // Settled already (paid, failed, or never approved): a late or contradicting report
    // changes nothing; the ledger would refuse it anyway (the lock account is empty).
    if (row.status !== 'approved') return true;
    if (state.status === 'failed') {
      await returnFunds(row, ['approved'], 'failed', 'payout_failed');
      return true;
    }
    if (state.status !== 'paid') return false;
    const member = memberOf(row);
    const [locked, clearing] = await Promise.all([
      wallet.memberAccount(member, 'locked'),
      wallet.houseAccount(row.merchant_code, 'payment_clearing', row.currency, row.provider),
    ]);
    await postOperation(db, {
      idempotencyKey: `withdrawal-payout:${row.id}`,
      kind: 'withdrawal',
      reference: `withdrawal:${row.id}`,
      transfers: [
        {
          from: locked,
          to: clearing,
          amountMinor: row.amount_minor,
          kind: 'withdrawal',
          reference: `${row.provider}:${row.payout_id}`,
        },
      ],
    });
    const settings = await settingsOf(row.merchant_code);
    const paidAt = now();
    const confirmBy = new Date(paidAt.getTime() + settings.confirm_minutes * 60_000);
    await db.transaction().execute(async (trx) => {
      const paid = await repo.transition(trx, row.id, ['approved'], 'paid', {
        paid_at: paidAt,
        confirm_by: confirmBy,
        end_to_end_id: state.endToEndId,
        next_payout_at: null,
        payout_error: null,
      });
      if (!paid) return;
      await publish(trx, 'withdrawal.paid', {
        withdrawalId: paid.id,
        merchantCode: paid.merchant_code,
        memberId: paid.member_id,
        amountMinor: paid.amount_minor,
        currency: paid.currency,
        confirmBy: confirmBy.toISOString(),
      });
    });
    return true;
  }

  /**
   * A payout result the provider notified (`/hooks/<provider>/payout`, signature checked by the
   * webhooks scope): recorded in the notices log, then applied (idempotent). An unknown payout
   * or an amount that differs is refused with a code (the PSP stops; an operator looks).
   */
  async function handlePayoutResult(providerCode: string, payout: PayoutState): Promise<void> {
    const row = await repo.byPayoutId(providerCode, payout.id);
    const outcome = !row
      ? 'unknown'
      : payout.amountMinor !== null && payout.amountMinor !== row.amount_minor
        ? 'amount_mismatch'
        : row.status === 'approved'
          ? payout.status
          : `${payout.status} (already ${row.status})`;
    await deps.paymentsRepo.recordNotice({
      provider: providerCode,
      kind: 'payout',
      noticeId: `${payout.id}:${payout.status}`,
      reference: payout.id,
      amountMinor: payout.amountMinor,
      outcome,
    });
    if (!row) throw new AppError('webhook_unknown_reference');
    if (outcome === 'amount_mismatch') throw new AppError('webhook_amount_mismatch');
    await applyPayoutState(row, payout);
  }

  /**
   * Job (each minute's run claims its period): payouts due at `cutoff` are sent again (a payout
   * the provider never got) or asked about (a notification that never came) with the same id;
   * steps an instance left half-done are finished. A second instance or a re-run pays nothing
   * twice: the provider pays an id once, and every ledger operation is keyed.
   */
  async function runPayouts(cutoff: Date): Promise<{ attempted: number; finished: number }> {
    const unfinished = await repo.unfinished(
      new Date(cutoff.getTime() - UNFINISHED_AFTER_MS),
      WITHDRAWAL_JOB_BATCH,
    );
    for (const row of unfinished) {
      if (row.status === 'new') await lockFunds(row);
      else if (row.status === 'refunding') await finishRefund(row);
      else if (row.status === 'failing')
        await returnFunds(row, ['failing'], 'failed', row.failure_reason ?? 'payout_failed');
      else await returnFunds(row, ['rejecting'], 'rejected', row.failure_reason ?? 'rejected');
    }
    const due = await repo.payoutsDue(cutoff, WITHDRAWAL_JOB_BATCH);
    for (const row of due) await attemptPayout(row);
    return { attempted: due.length, finished: unfinished.length };
  }

  /**
   * Job: payouts not confirmed by their deadline (15 minutes after payout by default) are
   * deemed received (spec §4). A forced receipt moves no money and cannot be disputed after.
   */
  async function autoConfirm(cutoff: Date): Promise<number> {
    const rows = await repo.confirmationsDue(cutoff, WITHDRAWAL_JOB_BATCH);
    let confirmed = 0;
    for (const row of rows) {
      const done = await db.transaction().execute(async (trx) => {
        const updated = await repo.transition(trx, row.id, ['paid'], 'confirmed', {
          confirmation: 'deemed_received',
          confirmed_at: now(),
        });
        if (!updated) return false;
        await publish(trx, 'withdrawal.confirmed', {
          withdrawalId: updated.id,
          merchantCode: updated.merchant_code,
          memberId: updated.member_id,
          answer: 'deemed_received',
        });
        return true;
      });
      if (done) confirmed += 1;
    }
    return confirmed;
  }

  // ── the member's records and the confirmation ─────────────────────────────

  async function ownRow(member: MemberRef, id: number): Promise<WithdrawalRow> {
    const row = await repo.byId(id);
    if (
      !row ||
      row.member_id !== member.memberId ||
      row.status === 'new' ||
      row.status === 'cancelled'
    )
      throw new AppError('withdrawal_not_found');
    return row;
  }

  async function memberWithdrawal(member: MemberRef, id: number): Promise<Withdrawal> {
    return (await views([await ownRow(member, id)]))[0]!;
  }

  async function memberWithdrawals(
    member: MemberRef,
    filter: { status?: WithdrawalRecordStatus | undefined; pageNo: number; pageSize: number },
  ) {
    const { rows, total } = await repo.memberPage(member.memberId, {
      statuses: statusesOf(filter.status),
      limit: filter.pageSize,
      offset: (filter.pageNo - 1) * filter.pageSize,
    });
    return {
      list: await views(rows),
      pageNo: filter.pageNo,
      pageSize: filter.pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / filter.pageSize),
    };
  }

  async function pendingConfirmations(member: MemberRef) {
    return {
      list: await views(
        await repo.awaitingConfirmation(member.memberId, MAX_PENDING_CONFIRMATIONS),
      ),
    };
  }

  /**
   * A proof that the payout did not arrive: a PNG or JPEG by its bytes (never its name or
   * declared type), at most 5 MB, at most 3 per withdrawal, while the payout awaits the answer.
   */
  async function uploadProof(member: MemberRef, id: number, bytes: Buffer): Promise<Withdrawal> {
    const row = await ownRow(member, id);
    if (row.status !== 'paid') throw new AppError('withdrawal_not_awaiting_confirmation');
    const type = bytes.length <= MAX_UPLOAD_BYTES ? sniffImage(bytes) : null;
    if (!type)
      throw new AppError('receipt_invalid', { params: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 } });
    if ((await repo.proofs([row.id])).length >= MAX_PROOFS)
      throw new AppError('withdrawal_proof_limit', { params: { max: MAX_PROOFS } });
    const key = await storage.put('withdrawal-proofs/', bytes, type);
    const stored = await repo.insertProof(
      { withdrawal_id: row.id, storage_key: key, content_type: type, size_bytes: bytes.length },
      MAX_PROOFS,
    );
    if (stored === 'limit')
      throw new AppError('withdrawal_proof_limit', { params: { max: MAX_PROOFS } });
    if (stored === 'not_awaiting') throw new AppError('withdrawal_not_awaiting_confirmation');
    return memberWithdrawal(member, id);
  }

  /**
   * The member's answer (spec §4): received in full → `confirmed`; partly received (the amount
   * that arrived; the rest is the remaining amount) or not received (with at least one proof) →
   * `disputed`, for the cashier to look into. Only while the payout awaits the answer: after
   * the deadline it was deemed received, and a forced receipt is final (no refund).
   */
  async function confirm(
    member: MemberRef,
    id: number,
    input: ConfirmWithdrawalRequest,
  ): Promise<Withdrawal> {
    const row = await ownRow(member, id);
    if (row.status !== 'paid') throw new AppError('withdrawal_not_awaiting_confirmation');
    let receivedMinor: number | null = null;
    if (input.answer === 'partial') {
      receivedMinor = parseAmountToMinor(input.receivedAmount);
      if (receivedMinor === null || receivedMinor <= 0 || receivedMinor >= row.amount_minor)
        throw new AppError('withdrawal_received_invalid');
    }
    if (input.answer === 'not_received' && (await repo.proofs([row.id])).length === 0)
      throw new AppError('withdrawal_proof_required');
    const answered = await db.transaction().execute(async (trx) => {
      const updated = await repo.transition(
        trx,
        row.id,
        ['paid'],
        input.answer === 'received' ? 'confirmed' : 'disputed',
        {
          confirmation: input.answer,
          received_minor: input.answer === 'received' ? row.amount_minor : receivedMinor,
          confirmed_at: now(),
        },
      );
      if (!updated) return false;
      await publish(trx, 'withdrawal.confirmed', {
        withdrawalId: updated.id,
        merchantCode: updated.merchant_code,
        memberId: updated.member_id,
        answer: input.answer,
      });
      return true;
    });
    if (!answered) throw new AppError('withdrawal_not_awaiting_confirmation');
    return memberWithdrawal(member, id);
  }

  // ── the cashier: disputes and payouts the job gave up on ──────────────────

  /** Why a cashier action on `id` could not be claimed, as a code (`code` when it exists but is elsewhere). */
  async function refusalFor(
    id: number,
    code: 'withdrawal_not_disputed' | 'withdrawal_payout_not_given_up',
  ) {
    const row = await repo.byId(id);
    if (!row || row.status === 'new' || row.status === 'cancelled')
      return new AppError('withdrawal_not_found');
    return new AppError(code);
  }

  /**
   * Credits a claimed refund (`refunding`): the missing amount from the provider's clearing
   * account, where the payout left from and where the PSP's return of an undelivered payout
   * lands, back to the member's main wallet (key `withdrawal-refund:<id>`: once, however often
   * this runs), then `refunded` with `withdrawal.dispute_settled`, once.
   */
  async function finishRefund(row: WithdrawalRow): Promise<WithdrawalRow | undefined> {
    const member = memberOf(row);
    const refundMinor = row.refund_minor ?? missingMinor(row);
    const [main, clearing] = await Promise.all([
      wallet.memberAccount(member, 'main'),
      wallet.houseAccount(row.merchant_code, 'payment_clearing', row.currency, row.provider),
    ]);
    await postOperation(db, {
      idempotencyKey: `withdrawal-refund:${row.id}`,
      kind: 'withdrawal_refund',
      reference: `withdrawal:${row.id}`,
      transfers: [
        {
          from: clearing,
          to: main,
          amountMinor: refundMinor,
          kind: 'withdrawal_refund',
          reference: `${row.provider}:${row.payout_id}`,
        },
      ],
    });
    return db.transaction().execute(async (trx) => {
      const refunded = await repo.transition(trx, row.id, ['refunding'], 'refunded');
      if (!refunded) return undefined;
      await publish(trx, 'withdrawal.dispute_settled', {
        withdrawalId: refunded.id,
        merchantCode: refunded.merchant_code,
        memberId: refunded.member_id,
        amountMinor: refunded.amount_minor,
        currency: refunded.currency,
        outcome: 'refunded',
        refundMinor,
        reason: refunded.resolution_note ?? '',
      });
      return refunded;
    });
  }

  /**
   * The cashier refunds a disputed payout: the missing amount (the whole amount when "not
   * received", the rest when "partly received") goes back to the member through the ledger,
   * once. Claimed first (`disputed` → `refunding` by a conditional update): of two operators
   * at once exactly one gets it, the other is told `withdrawal_not_disputed`.
   */
  async function refundDispute(id: number, operator: string, reason: string) {
    const row = await repo.byId(id);
    if (!row || row.status !== 'disputed') throw await refusalFor(id, 'withdrawal_not_disputed');
    const claimed = await repo.transition(db, id, ['disputed'], 'refunding', {
      resolved_by: operator,
      resolved_at: now(),
      resolution_note: reason,
      refund_minor: missingMinor(row),
    });
    if (!claimed) throw await refusalFor(id, 'withdrawal_not_disputed');
    await finishRefund(claimed);
    return adminOne(id);
  }

  /** The cashier closes a dispute without a refund (the payout did arrive), with the reason the member reads. */
  async function closeDispute(id: number, operator: string, reason: string) {
    const closed = await db.transaction().execute(async (trx) => {
      const row = await repo.transition(trx, id, ['disputed'], 'dispute_closed', {
        resolved_by: operator,
        resolved_at: now(),
        resolution_note: reason,
      });
      if (!row) return undefined;
      await publish(trx, 'withdrawal.dispute_settled', {
        withdrawalId: row.id,
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        amountMinor: row.amount_minor,
        currency: row.currency,
        outcome: 'closed',
        refundMinor: 0,
        reason,
      });
      return row;
    });
    if (!closed) throw await refusalFor(id, 'withdrawal_not_disputed');
    return adminOne(id);
  }

  /** The provider's word on a payout, or `payment_provider_unavailable` when it cannot be asked. */
  async function askProvider(row: WithdrawalRow): Promise<PayoutState> {
    const provider = providers.get(row.provider);
    if (!provider) throw new AppError('payment_provider_unavailable');
    try {
      return await provider.queryPayout(row.payout_id);
    } catch (error) {
      if (error instanceof ProviderUnavailableError)
        throw new AppError('payment_provider_unavailable');
      throw error;
    }
  }

  /**
   * The cashier retries a payout the job gave up on: claimed by resetting its attempts (only
   * while they are exhausted, so of two operators one wins), then the provider is asked about
   * the same payout id first: one it paid (or failed) is applied as if its notice had come,
   * one it never got is sent again with the same id, one still processing is left to the job.
   * The payout key never changes, so a retry cannot pay twice.
   */
  async function retryPayout(id: number) {
    const claimed = await repo.restartPayout(id, {
      gaveUpAfter: MAX_PAYOUT_ATTEMPTS,
      next: new Date(now().getTime() + PAYOUT_LEASE_MS),
    });
    if (!claimed) throw await refusalFor(id, 'withdrawal_payout_not_given_up');
    let state: PayoutState | null = null;
    try {
      state = await askProvider(claimed);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'payment_provider_unavailable'))
        throw error;
      // Unreachable now: the job tries again from the first back-off step.
      await reschedule(claimed, 1, 'provider unavailable at retry');
    }
    if (state?.status === 'not_found') await attemptPayout(claimed);
    else if (state && !(await applyPayoutState(claimed, state)))
      await reschedule(claimed, 1, state.status);
    return adminOne(id);
  }

  /**
   * The cashier closes a payout the job gave up on as failed: the locked amount goes back to
   * the member (key `withdrawal-return:<id>`), the withdrawal ends `failed` with the reason
   * (`withdrawal.rejected`). Only when the provider says it never paid: asked first by the
   * payout's id, a paid payout is applied instead (`withdrawal_payout_was_paid`) and one still
   * processing is refused (`withdrawal_payout_in_flight`), so the money cannot leave twice.
   */
  async function failPayout(id: number, operator: string, reason: string) {
    const row = await repo.byId(id);
    if (!row || !payoutGaveUp(row)) throw await refusalFor(id, 'withdrawal_payout_not_given_up');
    const state = await askProvider(row);
    if (state.status === 'paid') {
      await applyPayoutState(row, state);
      throw new AppError('withdrawal_payout_was_paid');
    }
    if (state.status === 'processing') throw new AppError('withdrawal_payout_in_flight');
    const claimed = await repo.claimGaveUpPayout(id, {
      gaveUpAfter: MAX_PAYOUT_ATTEMPTS,
      resolvedBy: operator,
      at: now(),
      reason,
    });
    if (!claimed) throw await refusalFor(id, 'withdrawal_payout_not_given_up');
    await returnFunds(claimed, ['failing'], 'failed', reason);
    return adminOne(id);
  }

  // ── the cashier's queue ──────────────────────────────────────────────────

  function adminView(
    row: WithdrawalRow,
    proofs: ProofRow[],
    holder: { cpf: string; full_name: string } | undefined,
  ): AdminWithdrawal {
    return {
      ...view(row, proofs.length),
      merchantCode: row.merchant_code,
      memberId: row.member_id,
      pixKey: row.pix_key,
      holderCpfMasked: holder ? maskCpf(holder.cpf) : null,
      holderName: holder?.full_name ?? null,
      reviewedBy: row.reviewed_by,
      reviewedAt: row.reviewed_at?.toISOString() ?? null,
      payoutAttempts: row.payout_attempts,
      payoutError: row.payout_error,
      payoutGaveUp: payoutGaveUp(row),
      resolvedBy: row.resolved_by,
      endToEndId: row.end_to_end_id,
      proofs: proofs.map((p) => ({
        id: p.id,
        contentType: p.content_type,
        sizeBytes: p.size_bytes,
      })),
    };
  }

  async function adminViews(rows: WithdrawalRow[]): Promise<AdminWithdrawal[]> {
    const [proofs, holders] = await Promise.all([
      repo.proofs(rows.map((r) => r.id)),
      repo.identities([...new Set(rows.map((r) => r.member_id))]),
    ]);
    return rows.map((row) =>
      adminView(
        row,
        proofs.filter((p) => p.withdrawal_id === row.id),
        holders.find((h) => h.member_id === row.member_id),
      ),
    );
  }

  async function adminOne(id: number): Promise<AdminWithdrawal> {
    const row = await repo.byId(id);
    if (!row || row.status === 'new' || row.status === 'cancelled')
      throw new AppError('withdrawal_not_found');
    return (await adminViews([row]))[0]!;
  }

  async function queue(filter: {
    status?: WithdrawalRecordStatus | undefined;
    merchantCode?: string | undefined;
    memberId?: number | undefined;
    sort?: string | undefined;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  }) {
    const sort = filter.sort ?? 'createdAt';
    if (!(sort in QUEUE_SORTS)) throw new AppError('validation_failed');
    const { rows, total } = await repo.queue({
      merchantCode: filter.merchantCode ?? null,
      statuses: statusesOf(filter.status),
      memberId: filter.memberId ?? null,
      sort: QUEUE_SORTS[sort as keyof typeof QUEUE_SORTS],
      order: filter.order,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return { rows: await adminViews(rows), page: filter.page, pageSize: filter.pageSize, total };
  }

  async function proofOf(id: number, proofId: number) {
    const proof = await repo.proof(id, proofId);
    const file = proof ? await storage.get(proof.storage_key) : null;
    if (!file) throw new AppError('withdrawal_not_found');
    return file;
  }

  function settingsView(row: WithdrawalSettingsRow): WithdrawalSettings {
    return {
      minMinor: row.min_minor,
      maxMinor: row.max_minor,
      dailyCountMax: row.daily_count_max,
      dailyAmountMaxMinor: row.daily_amount_max_minor,
      turnoverPct: row.turnover_pct,
      minDepositTotalMinor: row.min_deposit_total_minor,
      identityRequired: row.identity_required,
      confirmMinutes: row.confirm_minutes,
    };
  }

  /**
   * The cashier edits a brand's withdrawal rules (settings desk): whole centavos, min ≤ max ≤
   * the daily amount. Read from the table at every request and page, so they apply at once on
   * every instance. Answers the rules before and after (the audit entry).
   */
  async function updateSettingsFromDesk(merchantCode: string, input: UpdateWithdrawalSettings) {
    const minMinor = parseAmountToMinor(input.min);
    const maxMinor = parseAmountToMinor(input.max);
    const dailyAmountMaxMinor = parseAmountToMinor(input.dailyAmountMax);
    // A well-formed zero is "no deposit needed first" (the schema already refused malformed text).
    const minDepositTotalMinor = parseAmountToMinor(input.minDepositTotal) ?? 0;
    if (minMinor === null || maxMinor === null || dailyAmountMaxMinor === null)
      throw new AppError('invalid_amount');
    if (minMinor > maxMinor || maxMinor > dailyAmountMaxMinor)
      throw new AppError('cashier_limits_invalid');
    const before = await settingsOf(merchantCode);
    await repo.updateSettings({
      ...before,
      min_minor: minMinor,
      max_minor: maxMinor,
      daily_count_max: input.dailyCountMax,
      daily_amount_max_minor: dailyAmountMaxMinor,
      turnover_pct: input.turnoverPct,
      min_deposit_total_minor: minDepositTotalMinor,
      identity_required: input.identityRequired,
      confirm_minutes: input.confirmMinutes,
    });
    return { before: settingsView(before), after: settingsView(await settingsOf(merchantCode)) };
  }

  return {
    connectWagering,
    settingsOf,
    settingsView,
    updateSettingsFromDesk,
    updateSettings: (row: WithdrawalSettingsRow) => repo.updateSettings(row),
    overview,
    request,
    approve,
    reject,
    handlePayoutResult,
    runPayouts,
    autoConfirm,
    memberWithdrawal,
    memberWithdrawals,
    pendingConfirmations,
    uploadProof,
    confirm,
    queue,
    adminOne,
    proofOf,
    refundDispute,
    closeDispute,
    retryPayout,
    failPayout,
  };
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
