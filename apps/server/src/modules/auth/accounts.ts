import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { MemberRow, MembersTable, NewMember } from './tables';
import type { Updateable } from 'kysely';

/**
 * The member accounts (`members` rows), as the members module needs them: registration,
 * invitation codes, profile and language. The auth module owns the table (logins, passwords
 * and sessions read it in the same place); members reaches it only through this, as the
 * `accounts` service.
 */
export function createAccounts(db: Db) {
  return {
    findById(id: number): Promise<MemberRow | undefined> {
      return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async usernameExists(merchantCode: string, username: string): Promise<boolean> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('merchant_code', '=', merchantCode)
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async mobileExists(
      merchantCode: string,
      dialingCode: string,
      mobile: string,
    ): Promise<boolean> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('merchant_code', '=', merchantCode)
        .where('country_dialing_code', '=', dialingCode)
        .where('mobile_num', '=', mobile)
        .executeTakeFirst();
      return row !== undefined;
    },

    findByUsernameAndEmail(
      merchantCode: string,
      username: string,
      email: string,
    ): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findByInviteCode(merchantCode: string, code: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where('invite_code', '=', code)
        .executeTakeFirst();
    },

    /**
     * Inserts a member. `alongside` runs in the same transaction (the service's domain events),
     * so the member and what it records with it commit together or not at all.
     */
    insert(
      member: NewMember,
      alongside?: (trx: Db, inserted: MemberRow) => Promise<unknown>,
    ): Promise<MemberRow> {
      if (!alongside)
        return db.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('members')
          .values(member)
          .returningAll()
          .executeTakeFirstOrThrow();
        await alongside(trx, inserted);
        return inserted;
      });
    },

    async update(id: number, changes: Updateable<MembersTable>): Promise<void> {
      await db.updateTable('members').set(changes).where('id', '=', id).execute();
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
