import type { Db } from '../../db/connect';
import type { BrandRow } from './tables';

/** The only code that reads and writes brands, their domains and help topics. */
export function createSystemRepository(db: Db) {
  return {
    listBrands(): Promise<BrandRow[]> {
      return db.selectFrom('brands').selectAll().orderBy('merchant_code').execute();
    },

    async listDomains(): Promise<Array<{ domain: string; merchantCode: string }>> {
      const rows = await db.selectFrom('brand_domains').selectAll().execute();
      return rows.map((r) => ({ domain: r.domain, merchantCode: r.merchant_code }));
    },

    async updateSettings(merchantCode: string, settingsJson: string): Promise<boolean> {
      const result = await db
        .updateTable('brands')
        .set({ settings: settingsJson, updated_at: new Date() })
        .where('merchant_code', '=', merchantCode)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    listHelpTopics(merchantCode: string, language: string) {
      return db
        .selectFrom('help_topics')
        .select(['id', 'topic_key', 'title', 'content'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .orderBy('sort_order')
        .execute();
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
