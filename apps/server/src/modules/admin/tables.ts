import type { ColumnType, Generated } from 'kysely';

/**
 * Tables of the operator audit log, owned by this module: no other module's code reads or writes them
 * (test/architecture.test.ts). Keep in step with the SQL of db/migrations.
 */
declare module '../../db/schema' {
  interface Database {
    operator_audit: {
      id: Generated<number>;
      merchant_code: string;
      operator_id: string;
      action: string;
      subject: string;
      detail: ColumnType<unknown, string, string>;
      created_at: Generated<Date>;
    };
  }
}
