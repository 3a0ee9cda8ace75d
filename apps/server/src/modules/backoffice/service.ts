import {
  parseAmountToMinor,
  type MemberDetail,
  type MemberRow as MemberRowView,
  type OutboxMessage,
} from '@banca/contracts';
import { AppError } from '../../http/errors';
import type { Accounts, MemberRow, MemberSearchSort, OutboxReader } from '../auth';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';

/**
 * The console's member desks (docs/admin-console.md "Member desks") as rules over other
 * modules' services: auth's accounts and outbox, the wallet's balances, record and adjustment,
 * the brand from system. This module owns no table.
 */
export function createBackofficeService(deps: {
  accounts: Accounts;
  outbox: OutboxReader;
  wallet: WalletService;
  system: SystemService;
  now?: () => number;
}) {
  const { accounts, outbox, wallet, system } = deps;
  const now = deps.now ?? Date.now;

  function rowOf(member: MemberRow): MemberRowView {
    return {
      id: member.id,
      merchantCode: member.merchant_code,
      username: member.username,
      status: member.status,
      type: member.type,
      email: member.email,
      mobile: member.mobile_num ? `${member.country_dialing_code ?? ''}${member.mobile_num}` : null,
      createdAt: member.created_at.toISOString(),
      lastLoginAt: member.last_login_at?.toISOString() ?? null,
    };
  }

  async function memberOf(id: number): Promise<MemberRow> {
    const member = await accounts.findById(id);
    if (!member) throw new AppError('member_not_found');
    return member;
  }

  async function refOf(member: MemberRow) {
    const brand = await system.resolveBrand(member.merchant_code, '');
    return {
      brand,
      ref: { memberId: member.id, merchantCode: member.merchant_code, currency: brand.currency },
    };
  }

  async function detailOf(member: MemberRow): Promise<MemberDetail> {
    const { brand, ref } = await refOf(member);
    const balances = await wallet.balances(ref, brand);
    return {
      ...rowOf(member),
      nickname: member.nickname,
      fullName: member.full_name,
      currency: brand.currency,
      wallets: [
        { wallet: 'main', name: balances.main.name, balanceMinor: balances.main.balanceMinor },
        ...balances.vendors.map((v) => ({
          wallet: v.vendorCode ?? String(v.accountTypeId),
          name: v.name,
          balanceMinor: v.balanceMinor,
        })),
      ],
      totalMinor: balances.totalMinor,
    };
  }

  async function searchMembers(filter: {
    q?: string | undefined;
    status?: 'active' | 'locked' | 'disabled' | undefined;
    sort: MemberSearchSort;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  }) {
    const { rows, total } = await accounts.search({
      q: filter.q,
      status: filter.status,
      sort: filter.sort,
      order: filter.order,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return { rows: rows.map(rowOf), page: filter.page, pageSize: filter.pageSize, total };
  }

  async function member(id: number): Promise<MemberDetail> {
    return detailOf(await memberOf(id));
  }

  async function ledger(
    id: number,
    filter: { page: number; pageSize: number; type?: string | undefined },
  ) {
    const { ref } = await refOf(await memberOf(id));
    return wallet.records(ref, {
      type: filter.type,
      pageNo: filter.page,
      pageSize: filter.pageSize,
    });
  }

  /**
   * A manual adjustment of the main wallet through the ledger (wallet.adjust: once per key).
   * Before and after are the main balance around this very entry, read from the ledger's
   * record of it, so a bet landing at the same moment cannot blur them.
   */
  async function adjust(
    id: number,
    input: {
      direction: 'credit' | 'debit';
      amount: unknown;
      reason: string;
      idempotencyKey: string;
    },
    staffId: number,
  ) {
    const amountMinor = parseAmountToMinor(input.amount);
    if (amountMinor === null || amountMinor <= 0) throw new AppError('invalid_amount');
    const member = await memberOf(id);
    const { brand, ref } = await refOf(member);
    const signed = input.direction === 'credit' ? amountMinor : -amountMinor;
    const result = await wallet.adjust({
      member: ref,
      amountMinor: signed,
      reason: input.reason,
      operatorId: String(staffId),
      // Scoped to the member: the same form key on another member is another adjustment.
      idempotencyKey: `console:${id}:${input.idempotencyKey}`,
    });
    const entry = result.transfers[0];
    const afterMinor =
      (input.direction === 'credit' ? entry?.toBalanceAfter : entry?.fromBalanceAfter) ??
      (await wallet.balances(ref, brand)).main.balanceMinor;
    return {
      operationId: result.operationId,
      replayed: result.replayed,
      beforeMinor: afterMinor - signed,
      afterMinor,
      amountMinor: signed,
    };
  }

  /** Locks or unlocks a member; a lock ends the member's sessions (accounts.setStatus). */
  async function setStatus(id: number, status: 'active' | 'locked') {
    const current = await memberOf(id);
    if (current.status === 'disabled') throw new AppError('member_not_found');
    const changed = await accounts.setStatus(id, status, new Date(now()));
    if (!changed) throw new AppError('member_not_found');
    return { before: current.status, after: await detailOf(changed.after) };
  }

  async function outboxMessages(filter: {
    channel?: 'sms' | 'email' | undefined;
    destination?: string | undefined;
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  }): Promise<{ rows: OutboxMessage[]; page: number; pageSize: number; total: number }> {
    const { rows, total } = await outbox.list({
      channel: filter.channel,
      destination: filter.destination,
      order: filter.order,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      rows: rows.map((row) => ({
        id: row.id,
        time: row.created_at.toISOString(),
        merchantCode: row.merchant_code,
        channel: row.channel,
        destination: row.destination,
        subject: row.subject,
        body: row.body,
      })),
      page: filter.page,
      pageSize: filter.pageSize,
      total,
    };
  }

  return { searchMembers, member, ledger, adjust, setStatus, outboxMessages };
}
export type BackofficeService = ReturnType<typeof createBackofficeService>;
