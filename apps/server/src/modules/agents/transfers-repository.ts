import type { Db } from '../../db/connect';
import type { AgentTransferDirection, AgentTransferRow } from './tables';

/** The only code that reads and writes agent_transfers. */
export function createTransfersRepository(db: Db) {
  return {
    /** The sender's transfer under a request key, if it was sent before. */
    bySenderKey(senderId: number, requestKey: string): Promise<AgentTransferRow | undefined> {
      return db
        .selectFrom('agent_transfers')
        .selectAll()
        .where('from_member_id', '=', senderId)
        .where('request_key', '=', requestKey)
        .executeTakeFirst();
    },

    /** Records a transfer the ledger moved; null when its key already has one (a retry). */
    async insertOnce(
      executor: Db,
      row: {
        merchantCode: string;
        direction: AgentTransferDirection;
        fromMemberId: number;
        toMemberId: number;
        amountMinor: number;
        currency: string;
        remark: string;
        requestKey: string;
      },
    ): Promise<AgentTransferRow | null> {
      const inserted = await executor
        .insertInto('agent_transfers')
        .values({
          merchant_code: row.merchantCode,
          direction: row.direction,
          from_member_id: row.fromMemberId,
          to_member_id: row.toMemberId,
          amount_minor: row.amountMinor,
          currency: row.currency,
          remark: row.remark,
          request_key: row.requestKey,
        })
        .onConflict((oc) => oc.columns(['from_member_id', 'request_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return inserted ?? null;
    },
  };
}
export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
