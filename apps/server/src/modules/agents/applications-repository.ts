import type { Db } from '../../db/connect';
import type { AgentApplicationRow, AgentApplicationStatus } from './tables';

/** The only code that reads and writes agent_applications. */
export function createApplicationsRepository(db: Db) {
  return {
    latestOf(memberId: number): Promise<AgentApplicationRow | undefined> {
      return db
        .selectFrom('agent_applications')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    /** A new pending application; the unique index of open ones refuses a second. */
    insert(row: {
      merchantCode: string;
      memberId: number;
      message: string;
      contact: string;
    }): Promise<AgentApplicationRow> {
      return db
        .insertInto('agent_applications')
        .values({
          merchant_code: row.merchantCode,
          member_id: row.memberId,
          message: row.message,
          contact: row.contact,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async page(filter: { status: AgentApplicationStatus; limit: number; offset: number }) {
      const base = db.selectFrom('agent_applications').where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Decides a pending application (a conditional update: one decision wins); null if none. */
    async decide(
      id: number,
      decision: { status: 'approved' | 'rejected'; staffId: number; note: string | null; at: Date },
    ): Promise<AgentApplicationRow | null> {
      const row = await db
        .updateTable('agent_applications')
        .set({
          status: decision.status,
          decided_by_staff_id: decision.staffId,
          decision_note: decision.note,
          decided_at: decision.at,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
