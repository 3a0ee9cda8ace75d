import {
  formatMoney,
  parseAmountToMinor,
  type AdminDepositChannel,
  type Deposit,
  type DepositChannel,
  type UpdateDepositChannel,
} from '@banca/contracts';
import { newTxid } from '@banca/pix';
import { AppError } from '../../http/errors';
import { publish } from '../../lib/events';
import { MAX_UPLOAD_BYTES, sniffImage, type FileStorage } from '../../lib/file-storage';
import type { Db } from '../../db/connect';
import { postOperation, type MemberRef, type WalletService } from '../wallet';
import {
  ProviderUnavailableError,
  type PaymentProvider,
  type PaymentProviders,
  type ReceivedPayment,
} from './provider';
import type { ChannelRow, DepositRow, PaymentsRepository } from './repository';
import type { DepositStatus } from './tables';

/** Open deposits one member may have at once: each is a charge at the PSP; more is abuse or a loop. */
export const MAX_PENDING_DEPOSITS = 5;
/**
 * How long after its deadline a pending deposit is expired: the PSP's clock and ours may differ
 * by seconds, and a payment made in the charge's last second must arrive before we give up.
 * The expiry also removes the charge at the PSP first, so nothing can be paid after.
 */
export const EXPIRY_GRACE_MS = 60_000;
/** A pending PIX deposit is asked about at the PSP once it is this old (a webhook normally comes first). */
export const RECHECK_AFTER_MS = 30_000;
/** Deposits one job run looks at; the rest wait for the next minute. */
export const JOB_BATCH = 100;
/** The method of the manual channel (an operator approves the receipt). */
export const MANUAL_PROVIDER = 'manual';

/**
 * The channels a brand gets the first time its deposit page is read, when it has none: PIX
 * through the sandbox PSP and a manual bank transfer. An operator edits the rows afterwards.
 */
export function defaultChannels(merchantCode: string): Omit<ChannelRow, 'id'>[] {
  return [
    {
      merchant_code: merchantCode,
      code: 'pix',
      method: 'pix',
      provider: 'pix-sandbox',
      name: 'PIX',
      min_minor: 1_000,
      max_minor: 5_000_000,
      presets_minor: [2_000, 5_000, 10_000, 20_000, 50_000, 100_000],
      expiry_seconds: 900,
      instructions: {},
      enabled: true,
      sort_order: 1,
    },
    {
      merchant_code: merchantCode,
      code: 'bank',
      method: 'bank_transfer',
      provider: MANUAL_PROVIDER,
      name: 'TED',
      min_minor: 5_000,
      max_minor: 10_000_000,
      presets_minor: [10_000, 50_000, 100_000, 500_000],
      expiry_seconds: 86_400,
      instructions: {
        bank: 'Banco Sandbox (999)',
        agency: '0001',
        account: '123456-7',
        holder: 'Banca Apostas Ltda',
        document: '12.345.678/0001-95',
        pixKey: null,
      },
      enabled: true,
      sort_order: 2,
    },
  ];
}

/** `***.***.*47-25`: enough for an operator to compare, not enough to copy. */
function maskCpf(cpf: string | null): string | null {
  if (!cpf || !/^\d{11}$/.test(cpf)) return cpf ? '***' : null;
  return `***.***.*${cpf.slice(7, 9)}-${cpf.slice(9)}`;
}

function bankOf(channel: ChannelRow | undefined): DepositChannel['bank'] {
  if (!channel || channel.method !== 'bank_transfer') return null;
  const i = (channel.instructions ?? {}) as Record<string, unknown>;
  const s = (key: string) => (typeof i[key] === 'string' ? (i[key] as string) : '');
  return {
    bank: s('bank'),
    agency: s('agency'),
    account: s('account'),
    holder: s('holder'),
    document: s('document'),
    pixKey: typeof i.pixKey === 'string' ? i.pixKey : null,
  };
}

export function createPaymentsService(deps: {
  db: Db;
  repo: PaymentsRepository;
  wallet: WalletService;
  providers: PaymentProviders;
  storage: FileStorage;
  /** Show the sandbox's pay page link on deposits (development; never with a real PSP). */
  showPayPage: boolean;
  /**
   * The compliance profile's money rules (identity.ts): under `br-regulated` a deposit needs a
   * verified CPF, and a payment is credited only when its payer is that CPF (facts.md §4).
   */
  compliance?: {
    assertMayDeposit(merchantCode: string, memberId: number): Promise<void>;
    payerAllowed(merchantCode: string, memberId: number, payerCpf: string | null): Promise<boolean>;
  };
  now?: () => Date;
}) {
  const { db, repo, wallet, providers, storage } = deps;
  const now = deps.now ?? (() => new Date());

  /** A brand's channels, the defaults written on first read (configured provider or not). */
  async function allChannelRows(merchantCode: string): Promise<ChannelRow[]> {
    const rows = await repo.channels(merchantCode);
    if (rows.length > 0) return rows;
    await repo.insertChannels(defaultChannels(merchantCode));
    return repo.channels(merchantCode);
  }

  const providerConfigured = (row: ChannelRow) =>
    row.provider === MANUAL_PROVIDER || providers.has(row.provider);

  /** A brand's channels; a channel whose provider is not configured is left out. */
  async function channelRows(merchantCode: string): Promise<ChannelRow[]> {
    return (await allChannelRows(merchantCode)).filter(providerConfigured);
  }

  /** Quick amounts as stored: whole centavos only (anything else in the row is ignored). */
  const presetsOf = (row: ChannelRow): number[] =>
    (Array.isArray(row.presets_minor) ? (row.presets_minor as unknown[]) : []).filter(
      (p): p is number => Number.isSafeInteger(p),
    );

  /** Every channel of a brand as the settings desk shows it, disabled and unconfigured ones too. */
  async function adminChannels(merchantCode: string): Promise<AdminDepositChannel[]> {
    return (await allChannelRows(merchantCode)).map((row) => ({
      code: row.code,
      method: row.method,
      provider: row.provider,
      name: row.name,
      enabled: row.enabled,
      available: providerConfigured(row),
      minMinor: row.min_minor,
      maxMinor: row.max_minor,
      presetsMinor: presetsOf(row),
      sortOrder: row.sort_order,
    }));
  }

  /**
   * The cashier edits a channel (settings desk): limits in whole centavos with min ≤ max, quick
   * amounts within them (deduplicated, ascending). Read from the table on every deposit page and
   * request, so players see it at once, on every instance, without a restart.
   */
  async function updateChannel(merchantCode: string, code: string, input: UpdateDepositChannel) {
    const minMinor = parseAmountToMinor(input.min);
    const maxMinor = parseAmountToMinor(input.max);
    const presets = input.presets.map((p) => parseAmountToMinor(p));
    if (minMinor === null || maxMinor === null || presets.some((p) => p === null))
      throw new AppError('invalid_amount');
    if (minMinor > maxMinor || presets.some((p) => p! < minMinor || p! > maxMinor))
      throw new AppError('cashier_limits_invalid');
    const before = (await adminChannels(merchantCode)).find((c) => c.code === code);
    if (!before) throw new AppError('payment_channel_not_found');
    const updated = await repo.updateChannel(merchantCode, code, {
      name: input.name,
      enabled: input.enabled,
      min_minor: minMinor,
      max_minor: maxMinor,
      presets_minor: [...new Set(presets as number[])].sort((a, b) => a - b),
      sort_order: input.sortOrder,
    });
    if (!updated) throw new AppError('payment_channel_not_found');
    const after = (await adminChannels(merchantCode)).find((c) => c.code === code)!;
    return { before, after };
  }

  async function channels(merchantCode: string): Promise<DepositChannel[]> {
    return (await channelRows(merchantCode))
      .filter((row) => row.enabled)
      .map((row) => ({
        code: row.code,
        method: row.method,
        name: row.name,
        minMinor: row.min_minor,
        maxMinor: row.max_minor,
        presetsMinor: presetsOf(row)
          .filter((p) => p >= row.min_minor && p <= row.max_minor)
          .sort((a, b) => a - b),
        expirySeconds: row.expiry_seconds,
        bank: bankOf(row),
      }));
  }

  function providerOf(code: string): PaymentProvider {
    const provider = providers.get(code);
    if (!provider) throw new AppError('payment_provider_unavailable');
    return provider;
  }

  function view(row: DepositRow, channel?: ChannelRow): Deposit {
    const provider = providers.get(row.provider);
    return {
      id: row.id,
      channelCode: row.channel_code,
      method: row.method,
      amountMinor: row.amount_minor,
      currency: row.currency,
      status: row.status,
      createdAt: row.created_at.toISOString(),
      expiresAt: row.status === 'pending' && row.expires_at ? row.expires_at.toISOString() : null,
      creditedAt: row.credited_at ? row.credited_at.toISOString() : null,
      failureReason: row.failure_reason,
      pix:
        row.method === 'pix' && row.txid && row.copia_e_cola
          ? {
              txid: row.txid,
              copiaECola: row.copia_e_cola,
              payPageUrl:
                deps.showPayPage && provider?.payPageUrl ? provider.payPageUrl(row.txid) : null,
            }
          : null,
      bankTransfer:
        row.method === 'bank_transfer'
          ? { receiptUploaded: row.receipt_key !== null, bank: bankOf(channel) }
          : null,
    };
  }

  async function channelOf(row: DepositRow): Promise<ChannelRow | undefined> {
    if (row.method !== 'bank_transfer') return undefined;
    return (await repo.channels(row.merchant_code)).find((c) => c.code === row.channel_code);
  }

  /** A member asks to deposit: the amount is checked against the channel, then the charge is made. */
  async function createDeposit(
    member: MemberRef,
    input: { channelCode: string; amountMinor: number; language: string },
  ): Promise<Deposit> {
    const channel = (await channelRows(member.merchantCode)).find(
      (c) => c.code === input.channelCode && c.enabled,
    );
    if (!channel) throw new AppError('payment_channel_unavailable');
    if (input.amountMinor < channel.min_minor || input.amountMinor > channel.max_minor)
      throw new AppError('deposit_amount_out_of_range', {
        params: {
          min: formatMoney(channel.min_minor, member.currency, input.language),
          max: formatMoney(channel.max_minor, member.currency, input.language),
        },
        data: { minMinor: channel.min_minor, maxMinor: channel.max_minor },
      });
    await deps.compliance?.assertMayDeposit(member.merchantCode, member.memberId);
    if ((await repo.pendingCount(member.memberId)) >= MAX_PENDING_DEPOSITS)
      throw new AppError('too_many_pending_deposits', { params: { max: MAX_PENDING_DEPOSITS } });
    const isPix = channel.method === 'pix';
    const row = await repo.insertDeposit({
      merchant_code: member.merchantCode,
      member_id: member.memberId,
      channel_code: channel.code,
      method: channel.method,
      provider: channel.provider,
      currency: member.currency,
      amount_minor: input.amountMinor,
      txid: isPix ? newTxid() : null,
      expires_at: new Date(now().getTime() + channel.expiry_seconds * 1000),
    });
    if (!isPix) return view(row, channel);
    try {
      const charge = await providerOf(channel.provider).createCharge({
        txid: row.txid!,
        amountMinor: row.amount_minor,
        expiresInSeconds: channel.expiry_seconds,
        description: `Depósito ${row.id}`,
      });
      return view(await repo.setCharge(row.id, charge));
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError) && !(error instanceof AppError)) throw error;
      // No charge exists for the member to pay: the deposit ends here, and the member sees the
      // error now rather than a "deposit failed" message later.
      await repo.markEnded(db, row.id, 'failed', { reason: 'provider_unavailable' });
      throw new AppError('payment_provider_unavailable');
    }
  }

  async function memberDeposit(member: MemberRef, id: number): Promise<Deposit> {
    const row = await repo.byId(id);
    if (!row || row.member_id !== member.memberId) throw new AppError('deposit_not_found');
    return view(row, await channelOf(row));
  }

  async function memberDeposits(
    member: MemberRef,
    filter: { status?: DepositStatus | undefined; pageNo: number; pageSize: number },
  ) {
    const { rows, total } = await repo.memberPage(member.memberId, {
      status: filter.status ?? null,
      limit: filter.pageSize,
      offset: (filter.pageNo - 1) * filter.pageSize,
    });
    const channelsByCode = new Map(
      (await repo.channels(member.merchantCode)).map((c) => [c.code, c]),
    );
    return {
      list: rows.map((row) => view(row, channelsByCode.get(row.channel_code))),
      pageNo: filter.pageNo,
      pageSize: filter.pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / filter.pageSize),
    };
  }

  /**
   * Puts a deposit's money in the member's main wallet, exactly once, however many times and
   * in whatever order it is confirmed (webhook replays, the re-check job, an operator):
   * 1. the ledger operation keyed `deposit:<id>` (a repeat answers the first result, moves nothing);
   * 2. in one transaction, the deposit becomes `credited` only from one of `from`, and
   *    `deposit.credited` is published with it, so exactly one confirmation publishes.
   * A crash between 1 and 2 leaves money credited and the deposit pending: the next
   * confirmation (the PSP's webhook retry, or the re-check job asking the PSP) replays 1 and
   * completes 2.
   */
  async function credit(
    row: DepositRow,
    from: DepositStatus[],
    facts: { payment: ReceivedPayment | null },
  ): Promise<'credited' | 'already'> {
    if (row.status === 'credited') return 'already';
    const member: MemberRef = {
      memberId: row.member_id,
      merchantCode: row.merchant_code,
      currency: row.currency,
    };
    const [main, clearing] = await Promise.all([
      wallet.memberAccount(member, 'main'),
      wallet.houseAccount(row.merchant_code, 'payment_clearing', row.currency, row.provider),
    ]);
    const operation = await postOperation(db, {
      idempotencyKey: `deposit:${row.id}`,
      kind: 'deposit',
      reference: `deposit:${row.id}`,
      transfers: [
        {
          from: clearing,
          to: main,
          amountMinor: row.amount_minor,
          kind: 'deposit',
          reference: row.txid ? `${row.provider}:${row.txid}` : `${row.provider}:${row.id}`,
        },
      ],
    });
    const credited = await db.transaction().execute(async (trx) => {
      const updated = await repo.markCredited(trx, row.id, from, {
        operationId: operation.operationId,
        endToEndId: facts.payment?.endToEndId ?? null,
        payerCpf: facts.payment?.payer.cpf ?? null,
        payerName: facts.payment?.payer.name ?? null,
        paidAt: facts.payment?.paidAt ?? null,
      });
      if (!updated) return null;
      await publish(trx, 'deposit.credited', {
        depositId: updated.id,
        merchantCode: updated.merchant_code,
        memberId: updated.member_id,
        amountMinor: updated.amount_minor,
        currency: updated.currency,
        method: updated.method,
        creditedAt: (updated.credited_at ?? now()).toISOString(),
      });
      return updated;
    });
    return credited ? 'credited' : 'already';
  }

  /** Ends a pending deposit without money and publishes `deposit.failed`, once. */
  async function end(
    row: DepositRow,
    status: 'expired' | 'failed',
    reason: 'expired' | 'failed' | 'rejected',
    /** What the deposit records and the page shows, when more precise than the event's reason. */
    detail: string = reason,
  ): Promise<DepositRow | null> {
    return db.transaction().execute(async (trx) => {
      const ended = await repo.markEnded(trx, row.id, status, { reason: detail });
      if (!ended) return null;
      await publish(trx, 'deposit.failed', {
        depositId: ended.id,
        merchantCode: ended.merchant_code,
        memberId: ended.member_id,
        amountMinor: ended.amount_minor,
        currency: ended.currency,
        method: ended.method,
        reason,
      });
      return ended;
    });
  }

  /**
   * A PIX payment the PSP confirmed for this deposit: credited once, unless the compliance
   * profile refuses its payer (br-regulated: not the member's own CPF). A refused payment is
   * not credited; the deposit ends failed (`payer_not_own_cpf`, deposit.failed) and the money
   * stays in the clearing account for an operator to return to its payer.
   */
  async function creditPayment(
    row: DepositRow,
    payment: ReceivedPayment,
    from: DepositStatus[],
  ): Promise<'credited' | 'already' | 'payer_not_allowed'> {
    if (row.status === 'credited') return 'already';
    if (
      deps.compliance &&
      !(await deps.compliance.payerAllowed(row.merchant_code, row.member_id, payment.payer.cpf))
    ) {
      await end(row, 'failed', 'failed', 'payer_not_own_cpf');
      return 'payer_not_allowed';
    }
    return credit(row, from, { payment });
  }

  /**
   * A payment the PSP reports (webhook or query). The money has arrived at the platform's
   * account, so it is credited even if the deposit was expired here meanwhile; an amount that
   * differs from the charge's is refused and left to an operator.
   */
  async function paymentReceived(
    providerCode: string,
    payment: ReceivedPayment,
  ): Promise<'credited' | 'already' | 'unknown' | 'amount_mismatch' | 'payer_not_allowed'> {
    const row = await repo.byTxid(providerCode, payment.txid);
    if (!row || row.method !== 'pix') return 'unknown';
    if (payment.amountMinor !== row.amount_minor) return 'amount_mismatch';
    // A deposit that ended for its payer stays ended: a replay must not credit it.
    if (row.failure_reason === 'payer_not_own_cpf') return 'payer_not_allowed';
    return creditPayment(row, payment, ['pending', 'expired', 'failed']);
  }

  /** A verified `/pix` notification: each payment recorded, then credited (idempotent). */
  async function handlePixNotice(providerCode: string, payments: ReceivedPayment[]) {
    const outcomes = [];
    for (const payment of payments) {
      const outcome = await paymentReceived(providerCode, payment);
      await repo.recordNotice({
        provider: providerCode,
        kind: 'pix',
        noticeId: payment.endToEndId,
        reference: payment.txid,
        amountMinor: payment.amountMinor,
        outcome,
      });
      outcomes.push(outcome);
    }
    if (outcomes.includes('unknown')) throw new AppError('webhook_unknown_reference');
    if (outcomes.includes('amount_mismatch')) throw new AppError('webhook_amount_mismatch');
    return outcomes;
  }

  /** Asks the PSP about one pending PIX deposit and credits it if paid (the lost-webhook path). */
  async function recheck(
    row: DepositRow,
  ): Promise<'credited' | 'already' | 'waiting' | 'payer_not_allowed'> {
    const state = await providerOf(row.provider).queryCharge(row.txid!);
    const paid = state.payments.find((p) => p.amountMinor === row.amount_minor);
    if (state.status === 'paid' && paid) return creditPayment(row, paid, ['pending']);
    return 'waiting';
  }

  /** Job: every pending PIX deposit older than RECHECK_AFTER_MS is asked about, least recently first. */
  async function recheckPending(): Promise<{ checked: number; credited: number }> {
    const at = now();
    const rows = await repo.dueForRecheck(new Date(at.getTime() - RECHECK_AFTER_MS), JOB_BATCH);
    let credited = 0;
    for (const row of rows) {
      try {
        if ((await recheck(row)) === 'credited') credited += 1;
      } catch (error) {
        // One PSP hiccup must not stop the others; the next run asks again.
        if (!(error instanceof ProviderUnavailableError)) throw error;
      }
    }
    await repo.touchChecked(
      rows.map((r) => r.id),
      at,
    );
    return { checked: rows.length, credited };
  }

  /**
   * Job: pending deposits past their deadline (plus EXPIRY_GRACE_MS) end as `expired`. A PIX
   * charge is first removed at the PSP, so it cannot be paid after we give up; if the PSP says
   * it was paid, it is credited instead.
   */
  async function expireDue(): Promise<{ expired: number; credited: number }> {
    const rows = await repo.dueForExpiry(new Date(now().getTime() - EXPIRY_GRACE_MS), JOB_BATCH);
    let expired = 0;
    let credited = 0;
    for (const row of rows) {
      if (row.method === 'pix' && row.txid) {
        let state;
        try {
          state = await providerOf(row.provider).cancelCharge(row.txid);
        } catch (error) {
          if (error instanceof ProviderUnavailableError) continue; // asked again next run
          throw error;
        }
        const paid = state.payments.find((p) => p.amountMinor === row.amount_minor);
        if (state.status === 'paid' && paid) {
          if ((await credit(row, ['pending'], { payment: paid })) === 'credited') credited += 1;
          continue;
        }
      }
      if (await end(row, 'expired', 'expired')) expired += 1;
    }
    return { expired, credited };
  }

  /** The member sends the receipt of a manual transfer: the bytes must be a PNG or JPEG ≤ 5 MB. */
  async function uploadReceipt(member: MemberRef, id: number, bytes: Buffer): Promise<Deposit> {
    const row = await repo.byId(id);
    if (!row || row.member_id !== member.memberId) throw new AppError('deposit_not_found');
    if (row.method !== 'bank_transfer') throw new AppError('deposit_not_bank_transfer');
    if (row.status !== 'pending') throw new AppError('deposit_not_pending');
    const type = bytes.length <= MAX_UPLOAD_BYTES ? sniffImage(bytes) : null;
    if (!type)
      throw new AppError('receipt_invalid', { params: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 } });
    const key = await storage.put('receipts/', bytes, type);
    const updated = await repo.setReceipt(row.id, key, type);
    if (!updated) throw new AppError('deposit_not_pending');
    return view(updated, await channelOf(updated));
  }

  function adminView(row: DepositRow, channel?: ChannelRow) {
    return {
      ...view(row, channel),
      merchantCode: row.merchant_code,
      memberId: row.member_id,
      provider: row.provider,
      payerCpfMasked: maskCpf(row.payer_cpf),
      payerName: row.payer_name,
      endToEndId: row.end_to_end_id,
      reviewedBy: row.reviewed_by,
      reviewNote: row.review_note,
    };
  }

  async function queue(filter: {
    merchantCode?: string | undefined;
    method?: 'pix' | 'bank_transfer' | undefined;
    status?: DepositStatus | undefined;
    memberId?: number | undefined;
    page: number;
    pageSize: number;
    sort?: string | undefined;
    order: 'asc' | 'desc';
  }) {
    const sort = filter.sort ?? 'createdAt';
    if (sort !== 'createdAt' && sort !== 'amountMinor')
      throw new AppError('validation_failed', { params: { detail: `sort: ${sort}` } });
    const { rows, total } = await repo.queue({
      merchantCode: filter.merchantCode ?? null,
      method: filter.method ?? null,
      status: filter.status ?? null,
      memberId: filter.memberId ?? null,
      sort: sort === 'amountMinor' ? 'amount_minor' : 'created_at',
      order: filter.sort ? filter.order : 'asc',
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      rows: rows.map((row) => adminView(row)),
      page: filter.page,
      pageSize: filter.pageSize,
      total,
    };
  }

  async function receiptOf(id: number) {
    const row = await repo.byId(id);
    if (!row || !row.receipt_key) throw new AppError('deposit_not_found');
    const file = await storage.get(row.receipt_key);
    if (!file) throw new AppError('deposit_not_found');
    return file;
  }

  /** Why a decision could not be claimed: the deposit's state, as a code. */
  async function refusalOf(id: number, decision: 'approve' | 'reject'): Promise<AppError> {
    const row = await repo.byId(id);
    if (!row) return new AppError('deposit_not_found');
    if (row.method !== 'bank_transfer') return new AppError('deposit_not_bank_transfer');
    if (row.status !== 'pending' || row.review_decision !== null)
      return new AppError('deposit_not_pending');
    if (decision === 'approve' && !row.receipt_key) return new AppError('deposit_receipt_missing');
    return new AppError('deposit_not_pending');
  }

  /** Carries out a claimed decision (again, after a crash: both steps are idempotent). */
  async function carryOut(row: DepositRow): Promise<void> {
    if (row.review_decision === 'approve') await credit(row, ['pending'], { payment: null });
    else if (row.review_decision === 'reject') await end(row, 'failed', 'rejected');
  }

  /**
   * An operator approves a manual transfer. The decision is claimed first (of two operators
   * acting at once exactly one wins, the other is told it is no longer open), then the money
   * is credited once; the jobs finish a claim whose instance died before crediting.
   */
  async function approve(id: number, operator: string) {
    const claimed = await repo.claimReview(id, 'approve', operator, null);
    if (!claimed) throw await refusalOf(id, 'approve');
    await carryOut(claimed);
    return { before: adminView(claimed), after: adminView((await repo.byId(id))!) };
  }

  /** An operator rejects a manual transfer with a reason: it ends as failed (`deposit.failed`, reason rejected). */
  async function reject(id: number, operator: string, note: string) {
    const claimed = await repo.claimReview(id, 'reject', operator, note);
    if (!claimed) throw await refusalOf(id, 'reject');
    await carryOut(claimed);
    return { before: adminView(claimed), after: adminView((await repo.byId(id))!) };
  }

  /** Job step: decisions claimed but not carried out (an instance died in between). */
  async function finishDecided(): Promise<number> {
    const rows = await repo.decidedPending(JOB_BATCH);
    for (const row of rows) await carryOut(row);
    return rows.length;
  }

  return {
    /**
     * The id of the member's first credited deposit, or null: the promotions' first-deposit
     * trigger and their "members who deposited" eligibility.
     */
    firstCreditedDepositId: async (memberId: number): Promise<number | null> =>
      (await repo.firstCreditedDeposit(memberId))?.id ?? null,
    adminChannels,
    updateChannel,
    channels,
    createDeposit,
    memberDeposit,
    memberDeposits,
    handlePixNotice,
    paymentReceived,
    recheckPending,
    expireDue,
    uploadReceipt,
    queue,
    receiptOf,
    approve,
    reject,
    finishDecided,
    providers,
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
