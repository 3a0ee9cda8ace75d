import { minorToMajor, parseAmountToMinor, type AgentTransfer } from '@banca/contracts';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { publish } from '../../lib/events';
import type { Accounts } from '../auth';
import type { Brand } from '../system';
import { postOperation, type MemberRef, type WalletService } from '../wallet';
import type { AgentTransferDirection, AgentTransferRow } from './tables';
import type { TreeRepository } from './repository';
import type { TransfersRepository } from './transfers-repository';

/**
 * Smallest transfer: R$ 1,00. Below that a transfer is noise in both sides' account details
 * and a cheap way to flood a downline with realtime notices.
 */
export const MIN_AGENT_TRANSFER_MINOR = 100;
/**
 * Largest single transfer: R$ 50.000,00, the withdrawal cashier's largest single payout, so
 * moving money through a chain of agents is never a way around the cashier's limit.
 */
export const MAX_AGENT_TRANSFER_MINOR = 5_000_000;

export type TransferInput = {
  direction: AgentTransferDirection;
  /** The receiver of a transfer to a downline (a transfer to the upline finds it). */
  downlineId?: number;
  amount: string | number;
  paymentPassword: string;
  remark?: string | undefined;
  requestKey: string;
};

export type TransfersDeps = {
  db: Db;
  repo: TransfersRepository;
  tree: TreeRepository;
  wallet: Pick<WalletService, 'memberAccount' | 'balances'>;
  accounts: Pick<Accounts, 'findById'>;
  security: { checkPaymentPassword(memberId: number, ip: string, password: string): Promise<void> };
};

/**
 * Money between an agent and its direct downline, either way (docs/agents.md "Transfers"):
 * the whole form is checked, then the payment password (auth's limiter), then the ledger moves
 * the amount once under the key `agent-transfer:<sender>:<requestKey>`, and the row and its
 * `agent.transferred` event (the receiver's realtime notice) are written in one transaction.
 */
export function createTransfers({ db, repo, tree, wallet, accounts, security }: TransfersDeps) {
  async function receiverOf(sender: MemberRef & { isAgent: boolean }, input: TransferInput) {
    if (input.direction === 'to_downline') {
      if (!sender.isAgent) throw new AppError('agent_only');
      const to = input.downlineId!;
      if (to === sender.memberId) throw new AppError('agent_self_target');
      if ((await tree.depthBetween(sender.memberId, to)) !== 1)
        throw new AppError('agent_not_direct_downline');
      return to;
    }
    const [upline] = await tree.ancestors(sender.memberId);
    if (!upline || upline.depth !== 1) throw new AppError('agent_no_upline');
    return upline.memberId;
  }

  const existing = (senderId: number, requestKey: string) => repo.bySenderKey(senderId, requestKey);

  async function view(
    row: AgentTransferRow,
    brand: Brand,
    balanceMinor: number,
  ): Promise<AgentTransfer> {
    const [from, to] = await Promise.all([
      accounts.findById(row.from_member_id),
      accounts.findById(row.to_member_id),
    ]);
    return {
      id: row.id,
      direction: row.direction,
      amountMinor: row.amount_minor,
      currency: brand.currency,
      sender: from?.username ?? '',
      receiver: to?.username ?? '',
      balanceMinor,
      at: row.created_at.toISOString(),
    };
  }

  return {
    async transfer(
      sender: MemberRef & { isAgent: boolean },
      brand: Brand,
      input: TransferInput,
      client: { ip: string },
    ): Promise<AgentTransfer> {
      const amountMinor = parseAmountToMinor(input.amount);
      if (amountMinor === null || amountMinor <= 0) throw new AppError('invalid_amount');
      if (amountMinor < MIN_AGENT_TRANSFER_MINOR || amountMinor > MAX_AGENT_TRANSFER_MINOR)
        throw new AppError('agent_transfer_out_of_range', {
          params: {
            min: minorToMajor(MIN_AGENT_TRANSFER_MINOR).toFixed(2),
            max: minorToMajor(MAX_AGENT_TRANSFER_MINOR).toFixed(2),
          },
        });
      const receiverId = await receiverOf(sender, input);
      const earlier = await existing(sender.memberId, input.requestKey);
      if (earlier) {
        // A retried request: the same transfer answers again; another one under its key is refused.
        if (earlier.to_member_id !== receiverId || earlier.amount_minor !== amountMinor)
          throw new AppError('agent_transfer_conflict');
        return view(earlier, brand, (await wallet.balances(sender, brand)).main.balanceMinor);
      }
      await security.checkPaymentPassword(sender.memberId, client.ip, input.paymentPassword);

      const receiver: MemberRef = { ...sender, memberId: receiverId };
      const [from, to] = await Promise.all([
        wallet.memberAccount(sender, 'main'),
        wallet.memberAccount(receiver, 'main'),
      ]);
      const key = `agent-transfer:${sender.memberId}:${input.requestKey}`;
      let balanceMinor: number;
      try {
        const result = await postOperation(db, {
          idempotencyKey: key,
          kind: 'agent_transfer',
          reference: key,
          transfers: [{ from, to, amountMinor, kind: `agent_${input.direction}` }],
        });
        balanceMinor =
          result.transfers[0]?.fromBalanceAfter ??
          (await wallet.balances(sender, brand)).main.balanceMinor;
      } catch (error) {
        if (error instanceof AppError && error.code === 'insufficient_funds')
          throw new AppError('agent_transfer_insufficient_balance', { data: error.data });
        throw error;
      }
      // The money moved once; the row and the receiver's notice follow (a retry after a crash
      // here replays the ledger's answer and writes them then).
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertOnce(trx, {
          merchantCode: sender.merchantCode,
          direction: input.direction,
          fromMemberId: sender.memberId,
          toMemberId: receiverId,
          amountMinor,
          currency: sender.currency,
          remark: input.remark ?? '',
          requestKey: input.requestKey,
        });
        if (inserted)
          await publish(trx, 'agent.transferred', {
            transferId: inserted.id,
            merchantCode: inserted.merchant_code,
            direction: inserted.direction,
            fromMemberId: inserted.from_member_id,
            toMemberId: inserted.to_member_id,
            amountMinor: inserted.amount_minor,
            currency: inserted.currency,
            at: inserted.created_at.toISOString(),
          });
        return inserted ?? (await existing(sender.memberId, input.requestKey))!;
      });
      return view(row, brand, balanceMinor);
    },

    /** The member's upline and what a transfer to it may be (transferUpline's page). */
    async uplineInfo(member: MemberRef, brand: Brand) {
      const [ancestors, balances] = await Promise.all([
        tree.ancestors(member.memberId),
        wallet.balances(member, brand),
      ]);
      const upline = ancestors.find((a) => a.depth === 1);
      const row = upline ? await accounts.findById(upline.memberId) : undefined;
      return {
        upline: row ? { memberId: row.id, username: row.username } : null,
        balanceMinor: balances.main.balanceMinor,
        currency: brand.currency,
        minTransferMinor: MIN_AGENT_TRANSFER_MINOR,
        maxTransferMinor: MAX_AGENT_TRANSFER_MINOR,
      };
    },
  };
}
export type Transfers = ReturnType<typeof createTransfers>;
