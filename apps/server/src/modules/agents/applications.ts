import { isAgentType, MemberType } from '@banca/contracts';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Accounts } from '../auth';
import type { AgentApplicationRow, AgentApplicationStatus } from './tables';
import type { ApplicationsRepository } from './applications-repository';
import type { TreeRepository } from './repository';

function view(row: AgentApplicationRow) {
  return {
    id: row.id,
    status: row.status,
    message: row.message,
    contact: row.contact,
    decisionNote: row.decision_note,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

/**
 * The affiliate application (docs/agents.md "Becoming an agent"): a member asks, an operator
 * approves (the member becomes an agent, type 1, and the root of its own tree if it had no
 * upline) or rejects with a note. One open application per member (a unique index).
 */
export function createApplications(deps: {
  db: Db;
  repo: ApplicationsRepository;
  tree: TreeRepository;
  accounts: Pick<Accounts, 'findById' | 'byIds' | 'update'>;
}) {
  const { db, repo, tree, accounts } = deps;

  const latest = (memberId: number) => repo.latestOf(memberId);

  return {
    async mine(memberId: number) {
      const [member, row] = await Promise.all([accounts.findById(memberId), latest(memberId)]);
      return {
        isAgent: member ? isAgentType(member.type) : false,
        application: row ? view(row) : null,
      };
    },

    async apply(
      member: { memberId: number; merchantCode: string },
      input: { message: string; contact?: string | undefined },
    ) {
      const row = await accounts.findById(member.memberId);
      if (row && isAgentType(row.type)) throw new AppError('agent_already_agent');
      try {
        const inserted = await repo.insert({
          merchantCode: member.merchantCode,
          memberId: member.memberId,
          message: input.message,
          contact: input.contact ?? '',
        });
        return view(inserted);
      } catch (error) {
        // Two at once, or one already waiting: the unique index of open applications decides.
        if (error instanceof Error && /agent_applications_open/.test(error.message))
          throw new AppError('agent_application_pending');
        throw error;
      }
    },

    async list(filter: { status: AgentApplicationStatus; pageNo: number; pageSize: number }) {
      const { rows, total } = await repo.page({
        status: filter.status,
        limit: filter.pageSize,
        offset: (filter.pageNo - 1) * filter.pageSize,
      });
      const names = new Map(
        (await accounts.byIds(rows.map((r) => r.member_id))).map((m) => [m.id, m]),
      );
      return {
        rows: rows.map((row) => ({
          ...view(row),
          memberId: row.member_id,
          username: names.get(row.member_id)?.username ?? String(row.member_id),
        })),
        pageNo: filter.pageNo,
        pageSize: filter.pageSize,
        total,
      };
    },

    /**
     * Decides a pending application once (a conditional update: two operators at once, one
     * wins, the other is told it is gone). Approval makes the member an agent.
     */
    async decide(
      id: number,
      decision: 'approve' | 'reject',
      staffId: number,
      note: string | undefined,
      at: Date,
    ) {
      const decided = await repo.decide(id, {
        status: decision === 'approve' ? 'approved' : 'rejected',
        staffId,
        note: note ?? null,
        at,
      });
      if (!decided) throw new AppError('agent_application_not_found');
      const member = await accounts.findById(decided.member_id);
      if (decision === 'approve' && member && !isAgentType(member.type)) {
        await accounts.update(member.id, { type: MemberType.agent });
        await db.transaction().execute((trx) =>
          tree.place(trx, {
            memberId: member.id,
            uplineId: member.upline_member_id,
            merchantCode: member.merchant_code,
          }),
        );
      }
      return {
        ...view(decided),
        memberId: decided.member_id,
        username: member?.username ?? String(decided.member_id),
      };
    },
  };
}
export type Applications = ReturnType<typeof createApplications>;
