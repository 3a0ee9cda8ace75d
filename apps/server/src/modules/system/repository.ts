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

    /** Every help topic of a brand in every language (the console's help desk). */
    allHelpTopics(merchantCode: string) {
      return db
        .selectFrom('help_topics')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .orderBy('language')
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** Creates or replaces the topic of a key and language (one row each: the unique key). */
    saveHelpTopic(row: {
      merchant_code: string;
      topic_key: string;
      language: string;
      title: string;
      content: string;
      sort_order: number;
    }) {
      return db
        .insertInto('help_topics')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['merchant_code', 'topic_key', 'language']).doUpdateSet({
            title: row.title,
            content: row.content,
            sort_order: row.sort_order,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    deleteHelpTopic(id: number) {
      return db.deleteFrom('help_topics').where('id', '=', id).returningAll().executeTakeFirst();
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
