import { randomUUID } from 'node:crypto';
import {
  MAIN_WALLET_TYPE_ID,
  MAX_RECORD_RANGE_DAYS,
  minorToMajor,
  type Balances,
  type Transaction,
  type WalletBalance,
} from '@banca/contracts';
import { AppError } from '../../http/errors';
import { refreshingValue } from '../../lib/refreshing-value';
import type { Db } from '../../db/connect';
import type { Brand } from '../system';
import { postOperation, type LedgerAccount, type OperationResult } from './ledger';
import type { HousePurpose, MemberPurpose, WalletRepository } from './repository';
import { createBetBook, type BonusFunding } from './bets';
import { createBetReports, type BetCatalogue } from './bet-reports';
import { createVendorWalletBook, type VendorTransferGateway } from './vendor-wallets';

/** Account ids never change once made; remember this many before starting over. */
const ACCOUNT_CACHE_MAX = 100_000;
/** Demo credit a free-play (trial) member starts with: R$ 1.000,00. */
export const TRIAL_DEMO_CREDIT_MINOR = 100_000;

export type MemberRef = { memberId: number; merchantCode: string; currency: string };

type TransferInput = {
  fromAccountTypeId: number;
  toAccountTypeId: number;
  amountMinor: number;
  idempotencyKey: string | null;
};

/**
 * The wallet: member balances, transfers between a member's wallets, the account record,
 * operator adjustments, and the bet/win path the vendor API uses. Every change goes through
 * postOperation().
 */
/** Vendors whose games keep their own balance, as the games module lists them. */
export type TransferVendor = { code: string; name: string; wallet_type_id: number | null };
/** Where an operator's adjustment is recorded (the admin module's audit log). */
export type AuditRecorder = {
  record(entry: {
    merchantCode: string;
    operatorId: string;
    action: string;
    subject: string;
    detail: Record<string, unknown>;
  }): Promise<void>;
};

export function createWalletService(deps: {
  db: Db;
  repo: WalletRepository;
  transferVendors: () => Promise<TransferVendor[]>;
  audit: AuditRecorder;
  /** Vendor categories and game names for the betting record and profit pages (games module). */
  catalogue?: BetCatalogue;
  now?: () => number;
}) {
  const { db, repo, audit } = deps;
  const now = deps.now ?? Date.now;
  const accountIds = new Map<string, number>();
  /** Transfer-mode vendors change only when an operator edits vendors; read them at most every 30 s. */
  const VENDORS_TTL_MS = 30_000;
  const vendors = refreshingValue({
    load: () => deps.transferVendors(),
    maxAgeMs: VENDORS_TTL_MS,
    refreshAfterMs: VENDORS_TTL_MS / 2,
    now,
  });
  const transferVendors = () => vendors.get();

  async function cached(key: string, load: () => Promise<number>): Promise<number> {
    const hit = accountIds.get(key);
    if (hit !== undefined) return hit;
    const id = await load();
    if (accountIds.size >= ACCOUNT_CACHE_MAX) accountIds.clear();
    accountIds.set(key, id);
    return id;
  }

  async function memberAccount(
    member: MemberRef,
    purpose: MemberPurpose,
    vendorCode = '',
  ): Promise<LedgerAccount> {
    const id = await cached(
      `m:${member.memberId}:${purpose}:${vendorCode}:${member.currency}`,
      () =>
        repo.ensureMemberAccount({
          merchantCode: member.merchantCode,
          memberId: member.memberId,
          purpose,
          vendorCode,
          currency: member.currency,
        }),
    );
    return { id, ownerKind: 'member' };
  }

  /** Many members' main accounts (a settlement's chunk): the cache, then one query for the rest. */
  async function memberMainAccounts(members: MemberRef[]): Promise<LedgerAccount[]> {
    const keyOf = (m: MemberRef) => `m:${m.memberId}:main::${m.currency}`;
    const ids = new Map<string, number>();
    const missing = new Map<string, MemberRef>();
    for (const member of members) {
      const key = keyOf(member);
      const hit = accountIds.get(key);
      if (hit !== undefined) ids.set(key, hit);
      else missing.set(key, member);
    }
    if (missing.size > 0) {
      const rows = await repo.ensureMemberAccounts({
        purpose: 'main',
        vendorCode: '',
        members: [...missing.values()],
      });
      if (accountIds.size + rows.length >= ACCOUNT_CACHE_MAX) accountIds.clear();
      for (const row of rows) {
        const key = keyOf({ memberId: row.memberId, currency: row.currency, merchantCode: '' });
        ids.set(key, row.id);
        accountIds.set(key, row.id);
      }
    }
    return members.map((member) => {
      const id = ids.get(keyOf(member));
      if (id === undefined) throw new Error(`no main account for member ${member.memberId}`);
      return { id, ownerKind: 'member' as const };
    });
  }

  async function houseAccount(
    merchantCode: string,
    purpose: HousePurpose,
    currency: string,
    vendorCode = '',
  ): Promise<LedgerAccount> {
    const id = await cached(`h:${merchantCode}:${purpose}:${vendorCode}:${currency}`, () =>
      repo.ensureHouseAccount({ merchantCode, purpose, vendorCode, currency }),
    );
    return { id, ownerKind: 'house' };
  }

  async function balances(member: MemberRef, brand: Brand): Promise<Balances> {
    // Rounds played at transfer-wallet vendors land in their wallets first (best effort, bounded).
    if (gateway) await gateway.refresh(member.merchantCode);
    const [accounts, vendors] = await Promise.all([
      repo.memberAccounts(member.memberId, member.currency),
      transferVendors(),
    ]);
    return balancesOf(brand, vendors, accounts, (a) => a.balance_minor);
  }

  /** The main wallet and every transfer-mode vendor wallet, each with the balance `balanceOfAccount` gives. */
  function balancesOf(
    brand: Brand,
    vendors: Awaited<ReturnType<typeof transferVendors>>,
    accounts: Awaited<ReturnType<WalletRepository['memberAccounts']>>,
    balanceOfAccount: (account: (typeof accounts)[number]) => number,
  ): Balances {
    const balanceOf = (purpose: string, vendorCode = '') => {
      const account = accounts.find((a) => a.purpose === purpose && a.vendor_code === vendorCode);
      return account ? balanceOfAccount(account) : 0;
    };
    const wallet = (
      accountTypeId: number,
      vendorCode: string | null,
      name: string,
      minor: number,
    ): WalletBalance => ({
      accountTypeId,
      vendorCode,
      name,
      balanceMinor: minor,
      balance: minorToMajor(minor),
    });
    const main = wallet(MAIN_WALLET_TYPE_ID, null, 'main', balanceOf('main'));
    const vendorWallets = vendors.map((v) =>
      wallet(v.wallet_type_id!, v.code, v.name, balanceOf('vendor', v.code)),
    );
    return {
      currency: brand.currency,
      currencySymbol: brand.currencySymbol,
      isSingle: vendorWallets.length === 0,
      main,
      vendors: vendorWallets,
      totalMinor: main.balanceMinor + vendorWallets.reduce((sum, w) => sum + w.balanceMinor, 0),
    };
  }

  /** The wallet an accountTypeId names for this member: 0 is main, others are transfer-mode vendors. */
  async function walletAccount(member: MemberRef, accountTypeId: number): Promise<LedgerAccount> {
    if (accountTypeId === MAIN_WALLET_TYPE_ID) return memberAccount(member, 'main');
    const vendor = (await transferVendors()).find((v) => v.wallet_type_id === accountTypeId);
    if (!vendor) throw new AppError('unknown_wallet');
    return memberAccount(member, 'vendor', vendor.code);
  }

  /**
   * GCS_walletTransfer: moves money between two wallets of the same member. Only cash moves: a
   * transfer into a vendor's own wallet that the main wallet cannot cover but the bonus wallet
   * would is `bonus_not_transferable` (bonus money never goes to a transfer-wallet vendor,
   * docs/bonus.md), not a plain `insufficient_funds`; nothing moved either way.
   */
  async function transferBetweenWallets(
    member: MemberRef,
    brand: Brand,
    input: TransferInput,
  ): Promise<{ successAmountMinor: number; fromBalanceMinor: number; toBalanceMinor: number }> {
    try {
      return await moveBetweenWallets(member, brand, input);
    } catch (error) {
      if (
        !(error instanceof AppError) ||
        error.code !== 'insufficient_funds' ||
        input.fromAccountTypeId !== MAIN_WALLET_TYPE_ID
      )
        throw error;
      const accounts = await repo.memberAccounts(member.memberId, member.currency);
      const of = (purpose: MemberPurpose) =>
        Number(
          accounts.find((a) => a.purpose === purpose && a.vendor_code === '')?.balance_minor ?? 0,
        );
      const [cashMinor, bonusMinor] = [of('main'), of('bonus')];
      if (bonusMinor === 0 || cashMinor + bonusMinor < input.amountMinor) throw error;
      throw new AppError('bonus_not_transferable', {
        data: { balanceMinor: cashMinor, bonusBalanceMinor: bonusMinor },
      });
    }
  }

  async function moveBetweenWallets(
    member: MemberRef,
    brand: Brand,
    input: TransferInput,
  ): Promise<{ successAmountMinor: number; fromBalanceMinor: number; toBalanceMinor: number }> {
    if ((await transferVendors()).length === 0) throw new AppError('single_wallet_brand');
    if (input.fromAccountTypeId === input.toAccountTypeId) throw new AppError('unknown_wallet');
    const connected = await connectedTransfer(member, brand, input);
    if (connected) return connected;
    const [from, to] = await Promise.all([
      walletAccount(member, input.fromAccountTypeId),
      walletAccount(member, input.toAccountTypeId),
    ]);
    const result = await postOperation(db, {
      // Without a client key a retry cannot be recognised; with one (Idempotency-Key header) it is applied once.
      idempotencyKey: `wallet-transfer:${member.memberId}:${input.idempotencyKey ?? randomUUID()}`,
      kind: 'transfer',
      transfers: [
        {
          from,
          to,
          amountMinor: input.amountMinor,
          kind: 'transfer',
          reference: `${input.fromAccountTypeId}->${input.toAccountTypeId}`,
        },
      ],
    });
    const posted = result.transfers[0]!;
    // Both sides are member accounts, so the ledger reports both balances after the transfer.
    return {
      successAmountMinor: posted.amountMinor,
      fromBalanceMinor: posted.fromBalanceAfter!,
      toBalanceMinor: posted.toBalanceAfter!,
    };
  }

  /** The vendors module, once it has connected itself (vendor-wallets.ts). */
  let gateway: VendorTransferGateway | null = null;
  /** Assembly: the vendors module hands the wallet its transfer gateway. */
  function connectVendorTransfers(connection: VendorTransferGateway): void {
    gateway = connection;
  }

  /** The vendor code behind an accountTypeId (null: the main wallet). */
  async function vendorOfWallet(accountTypeId: number): Promise<string | null> {
    if (accountTypeId === MAIN_WALLET_TYPE_ID) return null;
    const vendor = (await transferVendors()).find((v) => v.wallet_type_id === accountTypeId);
    if (!vendor) throw new AppError('unknown_wallet');
    return vendor.code;
  }

  /**
   * A transfer touching a vendor wallet that is connected to its vendor goes through the vendor
   * (the gateway: the vendor is called and the ledger moved, each once). Between two vendor
   * wallets it is two legs through the main wallet: out of the first, then into the second. Null
   * when neither side is connected: the ledger alone moves it, as for any two wallets.
   */
  async function connectedTransfer(
    member: MemberRef,
    brand: Brand,
    input: {
      fromAccountTypeId: number;
      toAccountTypeId: number;
      amountMinor: number;
      idempotencyKey: string | null;
    },
  ): Promise<{
    successAmountMinor: number;
    fromBalanceMinor: number;
    toBalanceMinor: number;
  } | null> {
    if (!gateway) return null;
    const link = gateway;
    const [fromVendor, toVendor] = await Promise.all([
      vendorOfWallet(input.fromAccountTypeId),
      vendorOfWallet(input.toAccountTypeId),
    ]);
    const isConnected = async (code: string | null) =>
      code !== null && (await link.connected(brand.merchantCode, code));
    const [fromConnected, toConnected] = await Promise.all([
      isConnected(fromVendor),
      isConnected(toVendor),
    ]);
    if (!fromConnected && !toConnected) return null;
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
      throw new AppError('invalid_amount');
    const key = `${member.memberId}:${input.idempotencyKey ?? randomUUID()}`;
    const leg = (vendorCode: string, direction: 'in' | 'out') =>
      (direction === 'in' ? link.transferIn : link.transferOut)({
        member,
        vendorCode,
        amountMinor: input.amountMinor,
        idempotencyKey: `${key}:${direction}:${vendorCode}`,
      });
    if (fromVendor !== null && toVendor !== null) {
      // Vendor → vendor: each side through its own path (connected or the ledger alone).
      const out = fromConnected
        ? await leg(fromVendor, 'out')
        : await ledgerLeg(member, fromVendor, 'out', input.amountMinor, key);
      const into = toConnected
        ? await leg(toVendor, 'in')
        : await ledgerLeg(member, toVendor, 'in', input.amountMinor, key);
      return {
        successAmountMinor: input.amountMinor,
        fromBalanceMinor: out.vendorBalanceMinor,
        toBalanceMinor: into.vendorBalanceMinor,
      };
    }
    if (toVendor !== null) {
      const result = await leg(toVendor, 'in');
      return {
        successAmountMinor: result.amountMinor,
        fromBalanceMinor: result.mainBalanceMinor,
        toBalanceMinor: result.vendorBalanceMinor,
      };
    }
    const result = await leg(fromVendor!, 'out');
    return {
      successAmountMinor: result.amountMinor,
      fromBalanceMinor: result.vendorBalanceMinor,
      toBalanceMinor: result.mainBalanceMinor,
    };
  }

  /** One leg of a vendor → vendor transfer whose vendor is not connected: the ledger alone. */
  async function ledgerLeg(
    member: MemberRef,
    vendorCode: string,
    direction: 'in' | 'out',
    amountMinor: number,
    key: string,
  ) {
    return vendorWallets.move({
      member,
      vendorCode,
      direction,
      amountMinor,
      key: `wallet-leg:${key}:${direction}:${vendorCode}`,
      reference: direction === 'in' ? `0->${vendorCode}` : `${vendorCode}->0`,
    });
  }

  /**
   * Collect-all for the vendor wallets connected to their vendors: each one's balance is taken
   * back from its vendor (a transfer out per vendor, keyed by the client's key and the vendor, so
   * a retry moves nothing twice). A vendor that refuses or does not answer keeps its balance;
   * the others are collected. Answers what was collected.
   */
  async function collectConnected(
    member: MemberRef,
    brand: Brand,
    key: string,
  ): Promise<{ collectedMinor: number; connected: Set<string> }> {
    const connected = new Set<string>();
    if (!gateway) return { collectedMinor: 0, connected };
    const link = gateway;
    await link.refresh(brand.merchantCode);
    const before = await balances(member, brand);
    let collectedMinor = 0;
    for (const wallet of before.vendors) {
      if (!(await link.connected(brand.merchantCode, wallet.vendorCode!))) continue;
      connected.add(wallet.vendorCode!);
      if (wallet.balanceMinor <= 0) continue;
      try {
        const result = await link.transferOut({
          member,
          vendorCode: wallet.vendorCode!,
          amountMinor: wallet.balanceMinor,
          idempotencyKey: `${key}:collect:${wallet.vendorCode!}`,
        });
        collectedMinor += result.amountMinor;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Refused or pending at that vendor: its wallet keeps its balance (or the job settles it).
      }
    }
    return { collectedMinor, connected };
  }

  /**
   * "Collect all to main wallet": every vendor wallet with money moves back, in one operation.
   * The answer is that operation's, as the ledger recorded it (collectedBy), so a replay of the
   * client's Idempotency-Key answers exactly what the first request did and moves nothing,
   * even if a vendor wallet has money again. A collect that found nothing moved nothing and
   * records nothing, like a refused transfer: its key stays unused.
   */
  async function collectAll(member: MemberRef, brand: Brand, idempotencyKey: string | null) {
    const key = `wallet-collect:${member.memberId}:${idempotencyKey ?? randomUUID()}`;
    // Vendor wallets connected to their vendors are collected through them, one transfer each;
    // then the others as one ledger operation, as before.
    const connected = await collectConnected(member, brand, key);
    if (connected.connected.size > 0) {
      const rest = await collectLedgerOnly(member, brand, key, idempotencyKey, connected.connected);
      return {
        collectedMinor: connected.collectedMinor + rest.collectedMinor,
        balances: await balances(member, brand),
      };
    }
    return collectLedgerOnly(member, brand, key, idempotencyKey, connected.connected);
  }

  /** Collect-all of the vendor wallets not connected to a vendor: one ledger operation. */
  async function collectLedgerOnly(
    member: MemberRef,
    brand: Brand,
    key: string,
    idempotencyKey: string | null,
    skip: ReadonlySet<string>,
  ) {
    if (idempotencyKey !== null) {
      const done = await repo.operationIdByKey(key);
      if (done !== null) return collectedBy(member, brand, done);
    }
    const before = await balances(member, brand);
    const main = await memberAccount(member, 'main');
    const transfers = await Promise.all(
      before.vendors
        .filter((w) => w.balanceMinor > 0 && !skip.has(w.vendorCode!))
        .map(async (w) => ({
          from: await memberAccount(member, 'vendor', w.vendorCode!),
          to: main,
          amountMinor: w.balanceMinor,
          kind: 'transfer',
          reference: `${w.accountTypeId}->0`,
        })),
    );
    if (transfers.length === 0) {
      // Nothing left: perhaps a concurrent request with the same key collected between our
      // first look and our read of the balances (its commit emptied them). Then its operation is
      // the answer; otherwise there was nothing to collect.
      const done = idempotencyKey !== null ? await repo.operationIdByKey(key) : null;
      if (done !== null) return collectedBy(member, brand, done);
      return { collectedMinor: 0, balances: before };
    }
    let operationId: number;
    try {
      ({ operationId } = await postOperation(db, {
        idempotencyKey: key,
        kind: 'transfer',
        transfers,
      }));
    } catch (error) {
      // A concurrent request with the same key collected first, from balances read before
      // ours: its operation is the answer to both.
      const conflict = error instanceof AppError && error.code === 'idempotency_conflict';
      const done = conflict ? await repo.operationIdByKey(key) : null;
      if (done === null) throw error;
      operationId = done;
    }
    return collectedBy(member, brand, operationId);
  }

  /** What one collect operation moved, and every wallet's balance right after it (from the ledger). */
  async function collectedBy(member: MemberRef, brand: Brand, operationId: number) {
    const [collectedMinor, accounts, vendors] = await Promise.all([
      repo.operationAmountMinor(operationId),
      repo.memberAccounts(member.memberId, member.currency),
      transferVendors(),
    ]);
    const after = await repo.balancesAfterOperation(
      accounts.map((a) => a.id),
      operationId,
    );
    return {
      collectedMinor,
      balances: balancesOf(brand, vendors, accounts, (a) => after.get(a.id) ?? 0),
    };
  }

  async function records(
    member: MemberRef,
    filter: {
      type?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      pageNo: number;
      pageSize: number;
      /** Only this wallet's movements (the points mall's transaction detail: `points`). */
      purpose?: MemberPurpose;
    },
  ): Promise<{
    list: Transaction[];
    pageNo: number;
    pageSize: number;
    totalCount: number;
    totalPages: number;
  }> {
    const fromUtc = filter.from ? new Date(filter.from) : null;
    const toUtc = filter.to ? new Date(filter.to) : null;
    if (
      fromUtc &&
      toUtc &&
      (toUtc <= fromUtc || toUtc.getTime() - fromUtc.getTime() > MAX_RECORD_RANGE_DAYS * 86_400_000)
    ) {
      throw new AppError('invalid_date_range', { params: { maxDays: MAX_RECORD_RANGE_DAYS } });
    }
    const accounts = (await repo.memberAccounts(member.memberId, member.currency)).filter(
      (a) => !filter.purpose || a.purpose === filter.purpose,
    );
    const { rows, total } = await repo.movements(
      accounts.map((a) => a.id),
      {
        kinds: filter.type ? [filter.type] : null,
        fromUtc,
        toUtc,
        limit: filter.pageSize,
        offset: (filter.pageNo - 1) * filter.pageSize,
      },
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        time: r.created_at.toISOString(),
        type: r.kind,
        wallet: r.purpose === 'vendor' ? r.vendor_code : r.purpose,
        amountMinor: Number(r.signed_minor),
        balanceAfterMinor: Number(r.balance_after),
        reference: r.reference,
      })),
      pageNo: filter.pageNo,
      pageSize: filter.pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / filter.pageSize),
    };
  }

  /**
   * Operator adjustment (docs/architecture.md): credit (positive) or debit (negative) a member's
   * main wallet against the house adjustment account, with the reason and the operator recorded.
   */
  async function adjust(input: {
    member: MemberRef;
    amountMinor: number;
    reason: string;
    operatorId: string;
    idempotencyKey: string;
  }): Promise<OperationResult> {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor === 0)
      throw new AppError('invalid_amount');
    const main = await memberAccount(input.member, 'main');
    const house = await houseAccount(
      input.member.merchantCode,
      'adjustment',
      input.member.currency,
    );
    const credit = input.amountMinor > 0;
    const result = await postOperation(db, {
      idempotencyKey: `adjust:${input.idempotencyKey}`,
      kind: 'adjustment',
      reference: input.reason.slice(0, 200),
      transfers: [
        {
          from: credit ? house : main,
          to: credit ? main : house,
          amountMinor: Math.abs(input.amountMinor),
          kind: 'adjustment',
        },
      ],
    });
    if (!result.replayed) {
      await audit.record({
        merchantCode: input.member.merchantCode,
        operatorId: input.operatorId,
        action: 'wallet.adjust',
        subject: `member:${input.member.memberId}`,
        detail: {
          amountMinor: input.amountMinor,
          reason: input.reason,
          operationId: result.operationId,
        },
      });
    }
    return result;
  }

  /** A vendor's bet (docs/platform-facts.md §2): debits the main wallet into the vendor's revenue; the txId is applied once. */
  function placeBet(input: {
    member: MemberRef;
    vendorCode: string;
    txId: string;
    roundId: string;
    amountMinor: number;
  }) {
    return (async () => {
      const main = await memberAccount(input.member, 'main');
      const revenue = await houseAccount(
        input.member.merchantCode,
        'revenue',
        input.member.currency,
        input.vendorCode,
      );
      return postOperation(db, {
        idempotencyKey: `bet:${input.vendorCode}:${input.txId}`,
        kind: 'bet',
        reference: `${input.vendorCode}:${input.roundId}`,
        transfers: [{ from: main, to: revenue, amountMinor: input.amountMinor, kind: 'bet' }],
      });
    })();
  }

  /** A vendor's win: credits the main wallet from the vendor's revenue; applied once per txId. */
  async function settleWin(input: {
    member: MemberRef;
    vendorCode: string;
    txId: string;
    roundId: string;
    amountMinor: number;
  }) {
    const main = await memberAccount(input.member, 'main');
    const revenue = await houseAccount(
      input.member.merchantCode,
      'revenue',
      input.member.currency,
      input.vendorCode,
    );
    return postOperation(db, {
      idempotencyKey: `win:${input.vendorCode}:${input.txId}`,
      kind: 'win',
      reference: `${input.vendorCode}:${input.roundId}`,
      transfers: [{ from: revenue, to: main, amountMinor: input.amountMinor, kind: 'win' }],
    });
  }

  /** Free play: a trial member starts with demo credit, once. */
  async function grantDemoCredit(member: MemberRef) {
    const main = await memberAccount(member, 'main');
    const house = await houseAccount(member.merchantCode, 'demo_credit', member.currency);
    return postOperation(db, {
      idempotencyKey: `demo-credit:${member.memberId}`,
      kind: 'demo_credit',
      transfers: [
        { from: house, to: main, amountMinor: TRIAL_DEMO_CREDIT_MINOR, kind: 'demo_credit' },
      ],
    });
  }

  /** Vendor transactions with their bet records (bets.ts): the vendors module's PAM API posts here. */
  /** The rewards module's bet order, once it has connected itself (docs/bonus.md). */
  let bonusFunding: BonusFunding | null = null;
  function connectBonusFunding(funding: BonusFunding): void {
    bonusFunding = funding;
  }

  const bets = createBetBook({
    db,
    memberMain: (member) => memberAccount(member, 'main'),
    memberMains: memberMainAccounts,
    memberBonus: (member) => memberAccount(member, 'bonus'),
    vendorRevenue: (merchantCode, currency, vendorCode) =>
      houseAccount(merchantCode, 'revenue', currency, vendorCode),
    bonusFunding: () => bonusFunding,
  });

  /** Vendor wallets of transfer-wallet vendors: transfers and rounds (vendor-wallets.ts). */
  const vendorWallets = createVendorWalletBook({
    db,
    memberAccount: (member, purpose, vendorCode) => memberAccount(member, purpose, vendorCode),
    vendorRevenue: (merchantCode, currency, vendorCode) =>
      houseAccount(merchantCode, 'revenue', currency, vendorCode),
  });

  /** The betting record and profit and loss pages (bet-reports.ts). */
  const reports = createBetReports({
    db,
    catalogue: deps.catalogue ?? { vendors: async () => [], gameNames: async () => [] },
    now,
  });

  /**
   * Valid bets of the member's settled rounds since `sinceUtc` (all when null): the turnover a
   * withdrawal's requirement is measured against (payments).
   */
  function validBetSince(member: MemberRef, sinceUtc: Date | null): Promise<number> {
    return repo.validBetMinorSince(member.memberId, sinceUtc);
  }

  /** The member's balance in one of their accounts by purpose (the bonus wallet's page), 0 when it has none. */
  /**
   * What an idempotency key recorded: its operation and everything it moved; null when the
   * key is new (a caller whose amount depends on balances learns what an earlier run posted).
   */
  async function postedOperation(
    idempotencyKey: string,
  ): Promise<{ operationId: number; amountMinor: number } | null> {
    const operationId = await repo.operationIdByKey(idempotencyKey);
    if (operationId === null) return null;
    return { operationId, amountMinor: await repo.operationAmountMinor(operationId) };
  }

  async function purposeBalance(member: MemberRef, purpose: MemberPurpose): Promise<number> {
    const accounts = await repo.memberAccounts(member.memberId, member.currency);
    return accounts.find((a) => a.purpose === purpose && a.vendor_code === '')?.balance_minor ?? 0;
  }

  return {
    db,
    bets,
    validBetSince,
    purposeBalance,
    postedOperation,
    vendorWallets,
    connectVendorTransfers,
    connectBonusFunding,
    transferVendors,
    betRecord: reports.betRecord,
    profit: reports.profit,
    /** What the cancels of cancelled rounds gave back, by round (the agents' team bets too). */
    refundedStakes: reports.refundedStakes,
    balances,
    transferBetweenWallets,
    collectAll,
    records,
    adjust,
    placeBet,
    settleWin,
    grantDemoCredit,
    memberAccount,
    houseAccount,
    now,
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
