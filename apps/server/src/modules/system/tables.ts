import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Tables of brands, their domains and help topics, owned by this module: no other module's code reads or writes them
 * (test/architecture.test.ts). Keep in step with the SQL of db/migrations.
 */
declare module '../../db/schema' {
  interface Database {
    brands: BrandsTable;
    brand_domains: { domain: string; merchant_code: string };
    help_topics: HelpTopicsTable;
  }
}

export interface BrandsTable {
  merchant_code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  country_code: string;
  country_dialing_code: string;
  time_zone: string;
  default_language: string;
  is_default: Generated<boolean>;
  /** Validated by brandSettingsSchema on read; written as JSON text. */
  settings: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type BrandRow = Selectable<BrandsTable>;

export interface HelpTopicsTable {
  id: Generated<number>;
  merchant_code: string;
  topic_key: string;
  language: string;
  title: string;
  content: string;
  sort_order: number;
}
