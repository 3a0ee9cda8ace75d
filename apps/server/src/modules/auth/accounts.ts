import { AGENT_TYPES } from '@banca/contracts';
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

    /** Members by id (a page of a list that names them: the agents' team reports). */
    async byIds(ids: readonly number[]): Promise<MemberRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('members')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute();
    },

    /**
     * Members that belong in the agents' tree (an upline, or an agent type), after `afterId` in
     * id order: the agents' backfill of members registered before the tree existed.
     */
    treeCandidates(
      afterId: number,
      limit: number,
    ): Promise<
      Pick<MemberRow, 'id' | 'merchant_code' | 'upline_member_id' | 'type' | 'created_at'>[]
    > {
      return db
        .selectFrom('members')
        .select(['id', 'merchant_code', 'upline_member_id', 'type', 'created_at'])
        .where('id', '>', afterId)
        .where((eb) =>
          eb.or([eb('upline_member_id', 'is not', null), eb('type', 'in', [...AGENT_TYPES])]),
        )
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** A member of the brand by username, in any case (the agents' search boxes). */
    findByUsername(merchantCode: string, username: string): Promise<MemberRow | undefined> {
      return db
        .selectFrom('members')
        .selectAll()
        .where('merchant_code', '=', merchantCode)
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
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

    /**
     * The operator console's member lookup: by id (digits that name one), username prefix,
     * mobile (digits, with or without the dialing code) or e-mail, over every brand. Sorted by
     * one of MEMBER_SEARCH_SORTS; `total` counts the whole match for the pager.
     */
    async search(filter: {
      q?: string | undefined;
      status?: 'active' | 'locked' | 'disabled' | undefined;
      sort: MemberSearchSort;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    }): Promise<{ rows: MemberRow[]; total: number }> {
      let query = db.selectFrom('members');
      const q = filter.q?.trim();
      if (q) {
        const digits = q.replace(/\D/g, '');
        const lower = q.toLowerCase();
        query = query.where((eb) => {
          const any = [
            eb(sql`lower(username)`, 'like', `${escapeLike(lower)}%`),
            eb(sql`lower(email)`, '=', lower),
          ];
          if (/^\d{1,9}$/.test(q)) any.push(eb('id', '=', Number(q)));
          if (digits.length >= 6) {
            any.push(eb('mobile_num', '=', digits));
            any.push(
              eb(
                sql`coalesce(replace(country_dialing_code, '+', ''), '') || mobile_num`,
                '=',
                digits,
              ),
            );
          }
          return eb.or(any);
        });
      }
      if (filter.status) query = query.where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(filter.sort, filter.order)
          .orderBy('id', filter.order)
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    /**
     * Locks or unlocks a member (operator console). A lock ends every session of the member at
     * once: a locked player is out now, not at the session's expiry. Answers the row as it was.
     */
    async setStatus(
      id: number,
      status: 'active' | 'locked',
      at: Date,
    ): Promise<{ before: MemberRow; after: MemberRow } | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('members')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return undefined;
        const after = await trx
          .updateTable('members')
          .set({ status })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (status !== 'active')
          await trx
            .updateTable('sessions')
            .set({ ended_at: at })
            .where('member_id', '=', id)
            .where('ended_at', 'is', null)
            .execute();
        return { before, after };
      });
    },
  };
}

/** Columns the console's member table may sort by. */
export const MEMBER_SEARCH_SORTS = ['id', 'username', 'created_at', 'last_login_at'] as const;
export type MemberSearchSort = (typeof MEMBER_SEARCH_SORTS)[number];

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
export type Accounts = ReturnType<typeof createAccounts>;
