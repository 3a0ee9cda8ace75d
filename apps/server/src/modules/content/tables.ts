import type { Generated } from 'kysely';

/**
 * Tables of banners and announcements, owned by this module: no other module's code reads or writes them
 * (test/architecture.test.ts). Keep in step with the SQL of db/migrations.
 */
declare module '../../db/schema' {
  interface Database {
    banners: BannersTable;
    announcements: AnnouncementsTable;
  }
}

export interface BannersTable {
  id: Generated<number>;
  merchant_code: string;
  group_name: 'w_home' | 'w_login' | 'w_register' | 'w_forget';
  language: string;
  image_url: string;
  alt: Generated<string>;
  linkage_type: Generated<'none' | 'route' | 'external'>;
  target: Generated<string>;
  sort_order: Generated<number>;
  starts_at: Generated<Date>;
  ends_at: Date | null;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  merchant_code: string;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  execution: Generated<'A' | 'B' | 'F'>;
  language: string;
  title: string;
  content: Generated<string>;
  sort_order: Generated<number>;
  starts_at: Generated<Date>;
  ends_at: Date | null;
}
