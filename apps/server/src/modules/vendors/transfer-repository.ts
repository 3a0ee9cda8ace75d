import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { VendorTransfersTable } from './tables';

export type VendorTransfer = Selectable<VendorTransfersTable>;

/** The only code that reads and writes vendor_transfers and vendor_round_cursors (migration 0017). */
export function createTransferRepository(db: Db) {
  return {
    /** Transfer-wallet vendors with a transfer API, every brand (small, kept in memory). */
    transferIntegrations() {
      return db
        .selectFrom('vendor_integrations')
        .select(['merchant_code', 'vendor_code', 'transfer_api_url', 'enabled', 'maintenance'])
        .where('wallet_mode', '=', 'transfer')
        .where('transfer_api_url', 'is not', null)
        .execute();
    },

    byKey(idempotencyKey: string): Promise<VendorTransfer | undefined> {
      return db
        .selectFrom('vendor_transfers')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    byId(id: number): Promise<VendorTransfer | undefined> {
      return db.selectFrom('vendor_transfers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byTransferId(transferId: string): Promise<VendorTransfer | undefined> {
      return db
        .selectFrom('vendor_transfers')
        .selectAll()
        .where('transfer_id', '=', transferId)
        .executeTakeFirst();
    },

    /** The row for this key: the one just made, or the one a concurrent request made first. */
    async insertOrGet(
      row: Insertable<VendorTransfersTable>,
    ): Promise<{ row: VendorTransfer; created: boolean }> {
      const inserted = await db
        .insertInto('vendor_transfers')
        .values(row)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      return { row: (await this.byKey(row.idempotency_key))!, created: false };
    },

    /** A transfer that never reached the vendor and moved nothing: forgotten, so its key is unused. */
    async forget(id: number): Promise<void> {
      await db
        .deleteFrom('vendor_transfers')
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .execute();
    },

    async markSent(id: number): Promise<void> {
      await db
        .updateTable('vendor_transfers')
        .set({ attempts: sql`attempts + 1`, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Settles a pending transfer; false when it was settled already (by the job or a retry). */
    async settle(
      id: number,
      outcome: {
        status: 'succeeded' | 'failed';
        vendorRef?: string | null;
        failureCode?: string | null;
      },
    ): Promise<boolean> {
      const at = new Date();
      const result = await db
        .updateTable('vendor_transfers')
        .set({
          status: outcome.status,
          vendor_ref: outcome.vendorRef ?? null,
          failure_code: outcome.failureCode ?? null,
          updated_at: at,
          settled_at: at,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The vendor refused, but the reversal could not be posted yet: remembered for the job. */
    async noteFailure(id: number, failureCode: string): Promise<void> {
      await db
        .updateTable('vendor_transfers')
        .set({ failure_code: failureCode, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** Pending transfers not touched since `before`, oldest first (the reconcile job). */
    pending(before: Date, limit: number): Promise<VendorTransfer[]> {
      return db
        .selectFrom('vendor_transfers')
        .selectAll()
        .where('status', '=', 'pending')
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
    },

    async cursor(merchantCode: string, vendorCode: string): Promise<string | null> {
      const row = await db
        .selectFrom('vendor_round_cursors')
        .select('cursor')
        .where('merchant_code', '=', merchantCode)
        .where('vendor_code', '=', vendorCode)
        .executeTakeFirst();
      return row?.cursor ?? null;
    },

    async saveCursor(merchantCode: string, vendorCode: string, cursor: string): Promise<void> {
      await db
        .insertInto('vendor_round_cursors')
        .values({ merchant_code: merchantCode, vendor_code: vendorCode, cursor })
        .onConflict((oc) =>
          oc
            .columns(['merchant_code', 'vendor_code'])
            .doUpdateSet({ cursor, updated_at: new Date() }),
        )
        .execute();
    },
  };
}
export type TransferRepository = ReturnType<typeof createTransferRepository>;
