import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { ProviderApiKeysTable, VendorIntegrationsTable, VendorTransfersTable } from './tables';

export type IntegrationRow = Selectable<VendorIntegrationsTable>;
export type ApiKeyRow = Omit<Selectable<ProviderApiKeysTable>, 'key_hash'>;
export type TransferRow = Selectable<VendorTransfersTable>;

type Paging<S extends string> = {
  sort: S;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

/** Sort names the desk's tables offer (the column ids of the web's DataTable). */
export const INTEGRATION_SORTS = ['vendorCode', 'merchantCode', 'updatedAt'] as const;
export const KEY_SORTS = ['createdAt', 'id'] as const;
/** `status`: pending first, then failed, then succeeded; newest first within each. */
export const TRANSFER_SORTS = ['status', 'createdAt', 'amountMinor'] as const;

const KEY_COLUMNS = [
  'id',
  'merchant_code',
  'vendor_code',
  'label',
  'created_at',
  'revoked_at',
] as const;

/**
 * The operator desk's reads and writes of the vendors module's tables (desk-routes.ts): paged
 * lists, an integration added or edited, API keys made and revoked. Vendors' own code only.
 */
export function createDeskRepository(db: Db) {
  return {
    async integrations(
      filter: { merchantCode?: string; vendorCode?: string; enabled?: boolean },
      paging: Paging<(typeof INTEGRATION_SORTS)[number]>,
    ): Promise<{ rows: IntegrationRow[]; total: number }> {
      let query = db.selectFrom('vendor_integrations');
      if (filter.merchantCode) query = query.where('merchant_code', '=', filter.merchantCode);
      if (filter.vendorCode)
        query = query.where(sql`upper(vendor_code)`, '=', filter.vendorCode.toUpperCase());
      if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled);
      const column = {
        vendorCode: 'vendor_code',
        merchantCode: 'merchant_code',
        updatedAt: 'updated_at',
      } as const;
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(column[paging.sort], paging.order)
          .orderBy('merchant_code')
          .orderBy('vendor_code')
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    integration(merchantCode: string, vendorCode: string): Promise<IntegrationRow | undefined> {
      return db
        .selectFrom('vendor_integrations')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('vendor_code', '=', vendorCode)
        .executeTakeFirst();
    },

    /** Every (brand, vendor) pair integrated: at most brands × catalogue vendors rows. */
    integratedPairs(): Promise<{ merchant_code: string; vendor_code: string }[]> {
      return db
        .selectFrom('vendor_integrations')
        .select(['merchant_code', 'vendor_code'])
        .execute();
    },

    /** A new integration; undefined when the brand has one with this vendor already. */
    insertIntegration(
      row: Insertable<VendorIntegrationsTable>,
    ): Promise<IntegrationRow | undefined> {
      return db
        .insertInto('vendor_integrations')
        .values(row)
        .onConflict((oc) => oc.columns(['merchant_code', 'vendor_code']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** The row before and after the change, together (the audit's before/after); null when absent. */
    updateIntegration(
      merchantCode: string,
      vendorCode: string,
      changes: Updateable<VendorIntegrationsTable>,
    ): Promise<{ before: IntegrationRow; after: IntegrationRow } | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('vendor_integrations')
          .selectAll()
          .where('merchant_code', '=', merchantCode)
          .where('vendor_code', '=', vendorCode)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return null;
        const after = await trx
          .updateTable('vendor_integrations')
          .set({ ...changes, updated_at: new Date() })
          .where('merchant_code', '=', merchantCode)
          .where('vendor_code', '=', vendorCode)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { before, after };
      });
    },

    /** Whether the brand has an integration (of this vendor, or of any vendor when null). */
    async hasIntegration(merchantCode: string, vendorCode: string | null): Promise<boolean> {
      let query = db
        .selectFrom('vendor_integrations')
        .select('vendor_code')
        .where('merchant_code', '=', merchantCode);
      if (vendorCode !== null) query = query.where('vendor_code', '=', vendorCode);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    async keys(
      filter: { merchantCode?: string; vendorCode?: string; status?: 'active' | 'revoked' },
      paging: Paging<(typeof KEY_SORTS)[number]>,
    ): Promise<{ rows: ApiKeyRow[]; total: number }> {
      let query = db.selectFrom('provider_api_keys');
      if (filter.merchantCode) query = query.where('merchant_code', '=', filter.merchantCode);
      if (filter.vendorCode)
        query = query.where(sql`upper(vendor_code)`, '=', filter.vendorCode.toUpperCase());
      if (filter.status === 'active') query = query.where('revoked_at', 'is', null);
      if (filter.status === 'revoked') query = query.where('revoked_at', 'is not', null);
      const column = { createdAt: 'created_at', id: 'id' } as const;
      const [rows, count] = await Promise.all([
        query
          .select(KEY_COLUMNS)
          .orderBy(column[paging.sort], paging.order)
          .orderBy('id', paging.order)
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    insertKey(row: {
      key_hash: string;
      merchant_code: string;
      vendor_code: string | null;
      label: string;
    }): Promise<ApiKeyRow> {
      return db
        .insertInto('provider_api_keys')
        .values({ ...row, revoked_at: null })
        .returning(KEY_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    key(id: number): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('provider_api_keys')
        .select(KEY_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Revokes a key still in force; undefined when it was revoked already (or is unknown). */
    revokeKey(id: number, at: Date): Promise<ApiKeyRow | undefined> {
      return db
        .updateTable('provider_api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning(KEY_COLUMNS)
        .executeTakeFirst();
    },

    transfer(id: number): Promise<TransferRow | undefined> {
      return db.selectFrom('vendor_transfers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async transfers(
      filter: {
        status?: 'pending' | 'failed' | 'succeeded';
        merchantCode?: string;
        vendorCode?: string;
        memberId?: number;
      },
      paging: Paging<(typeof TRANSFER_SORTS)[number]>,
    ): Promise<{ rows: TransferRow[]; total: number }> {
      let query = db.selectFrom('vendor_transfers');
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.merchantCode) query = query.where('merchant_code', '=', filter.merchantCode);
      if (filter.vendorCode)
        query = query.where(sql`upper(vendor_code)`, '=', filter.vendorCode.toUpperCase());
      if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
      let ordered = query.selectAll();
      if (paging.sort === 'status') {
        // Work first: pending, then failed (asc), or the other way round (desc).
        const rank = sql`CASE status WHEN 'pending' THEN 0 WHEN 'failed' THEN 1 ELSE 2 END`;
        ordered = ordered
          .orderBy(rank, paging.order === 'desc' ? 'asc' : 'desc')
          .orderBy('created_at', 'desc');
      } else {
        ordered = ordered.orderBy(
          paging.sort === 'createdAt' ? 'created_at' : 'amount_minor',
          paging.order,
        );
      }
      const [rows, count] = await Promise.all([
        ordered
          .orderBy('id', 'desc')
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type DeskRepository = ReturnType<typeof createDeskRepository>;
