import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { StaffAccountRow } from './tables';

/** Columns the operators table may sort by (staff-service.ts lists them for the routes). */
export type OperatorSort = 'id' | 'username' | 'created_at' | 'last_login_at';

export type AuditInsert = {
  merchantCode: string;
  operatorId: string;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
  before?: unknown;
  after?: unknown;
};

export type AuditFilter = {
  operatorId?: string | undefined;
  action?: string | undefined;
  subject?: string | undefined;
  fromUtc?: Date | undefined;
  toUtc?: Date | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** JSON for a jsonb column, or SQL null when there is nothing to say. */
function jsonOrNull(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * The operator side's SQL: the audit log (`operator_audit`, insert and read only: the table
 * refuses updates and deletes, migration 0019), staff accounts, their sessions and pending
 * sign-ins.
 */
export function createAdminRepository(db: Db) {
  return {
    // ── audit ──
    async insertAudit(entry: AuditInsert): Promise<void> {
      await db
        .insertInto('operator_audit')
        .values({
          merchant_code: entry.merchantCode,
          operator_id: entry.operatorId,
          action: entry.action,
          subject: entry.subject,
          detail: JSON.stringify(entry.detail),
          ip: entry.ip ?? null,
          request_id: entry.requestId ?? null,
          before_state: jsonOrNull(entry.before),
          after_state: jsonOrNull(entry.after),
        })
        .execute();
    },

    async listAudit(filter: AuditFilter) {
      let query = db
        .selectFrom('operator_audit as a')
        // operator_id is text: staff ids, or another module's name for changes it makes itself.
        .leftJoin('staff_accounts as s', (join) =>
          join.on(sql`a.operator_id`, '=', sql`s.id::text`),
        );
      if (filter.operatorId) query = query.where('a.operator_id', '=', filter.operatorId);
      if (filter.action) query = query.where('a.action', 'like', `${escapeLike(filter.action)}%`);
      if (filter.subject) query = query.where('a.subject', '=', filter.subject);
      if (filter.fromUtc) query = query.where('a.created_at', '>=', filter.fromUtc);
      if (filter.toUtc) query = query.where('a.created_at', '<', filter.toUtc);
      const [rows, count] = await Promise.all([
        query
          .select([
            'a.id',
            'a.created_at',
            'a.operator_id',
            's.username as operator_name',
            'a.merchant_code',
            'a.action',
            'a.subject',
            'a.ip',
            'a.request_id',
            'a.before_state',
            'a.after_state',
            'a.detail',
          ])
          .orderBy('a.id', filter.order)
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    // ── staff accounts ──
    findStaffByUsername(username: string): Promise<StaffAccountRow | undefined> {
      return db
        .selectFrom('staff_accounts')
        .selectAll()
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findStaffById(id: number): Promise<StaffAccountRow | undefined> {
      return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listStaff(filter: {
      search?: string | undefined;
      sort: OperatorSort;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    }): Promise<{ rows: StaffAccountRow[]; total: number }> {
      let query = db.selectFrom('staff_accounts');
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(username)`, 'like', pattern),
            eb(sql`lower(display_name)`, 'like', pattern),
          ]),
        );
      }
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

    /** Inserts an operator; undefined when the username is taken (the unique index decides). */
    async insertStaff(row: {
      username: string;
      display_name: string;
      password_hash: string;
      roles: string[];
      created_by: number | null;
      totp_secret?: string | null;
      totp_enabled_at?: Date | null;
    }): Promise<StaffAccountRow | undefined> {
      return db
        .insertInto('staff_accounts')
        .values({
          ...row,
          totp_secret: row.totp_secret ?? null,
          totp_enabled_at: row.totp_enabled_at ?? null,
          last_login_at: null,
        })
        .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    updateStaff(
      id: number,
      changes: { display_name?: string; roles?: string[]; status?: 'active' | 'disabled' },
    ): Promise<StaffAccountRow | undefined> {
      return db
        .updateTable('staff_accounts')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Forgets the authenticator: the next sign-in enrols a new one. */
    resetStaffTotp(id: number): Promise<StaffAccountRow | undefined> {
      return db
        .updateTable('staff_accounts')
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Accepts a 30 s step of the authenticator once (ASVS 2.8.4): only a step later than the
     * last accepted. With `enrolSecret`, the first code also saves the secret, and only if the
     * account still has none (an owner's reset in between wins).
     */
    async acceptStaffTotpStep(
      id: number,
      step: number,
      enrol: { secret: string; at: Date } | null,
    ): Promise<boolean> {
      let update = db
        .updateTable('staff_accounts')
        .set(
          enrol
            ? { totp_last_step: step, totp_secret: enrol.secret, totp_enabled_at: enrol.at }
            : { totp_last_step: step },
        )
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]));
      update = enrol
        ? update.where('totp_secret', 'is', null)
        : update.where('totp_secret', 'is not', null);
      const result = await update.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async recordStaffLogin(id: number, at: Date): Promise<StaffAccountRow> {
      return db
        .updateTable('staff_accounts')
        .set({ last_login_at: at })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    // ── pending sign-ins ──
    async insertPendingLogin(row: {
      token_hash: string;
      staff_id: number;
      ip: string;
      enrol_secret: string | null;
      expires_at: Date;
    }): Promise<void> {
      await db.insertInto('staff_pending_logins').values(row).execute();
    },

    findPendingLogin(tokenHash: string) {
      return db
        .selectFrom('staff_pending_logins')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async countPendingAttempt(tokenHash: string): Promise<void> {
      await db
        .updateTable('staff_pending_logins')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    /** Marks the pending sign-in used; false when another request used it first. */
    async usePendingLogin(tokenHash: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('staff_pending_logins')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    // ── sessions ──
    async insertSession(row: {
      token_hash: string;
      binding_hash: string;
      user_agent_hash: string;
      staff_id: number;
      ip: string;
      user_agent: string | null;
      idle_expires_at: Date;
      absolute_expires_at: Date;
    }): Promise<void> {
      await db.insertInto('staff_sessions').values(row).execute();
    },

    /** The live session of a token hash, with its operator's roles and status. */
    findLiveSession(tokenHash: string, at: Date) {
      return db
        .selectFrom('staff_sessions as s')
        .innerJoin('staff_accounts as a', 'a.id', 's.staff_id')
        .select([
          's.id as sessionId',
          's.binding_hash',
          's.user_agent_hash',
          's.last_seen_at',
          's.absolute_expires_at',
          'a.id as staffId',
          'a.roles',
          'a.status',
        ])
        .where('s.token_hash', '=', tokenHash)
        .where('s.ended_at', 'is', null)
        .where('s.idle_expires_at', '>', at)
        .where('s.absolute_expires_at', '>', at)
        .executeTakeFirst();
    },

    async touchSession(sessionId: number, at: Date, idleExpiresAt: Date): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ last_seen_at: at, idle_expires_at: idleExpiresAt })
        .where('id', '=', sessionId)
        .execute();
    },

    async endSession(sessionId: number, at: Date): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ ended_at: at })
        .where('id', '=', sessionId)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Ends every live session of an operator (disabled, authenticator reset). */
    async endStaffSessions(staffId: number, at: Date): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ ended_at: at })
        .where('staff_id', '=', staffId)
        .where('ended_at', 'is', null)
        .execute();
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
