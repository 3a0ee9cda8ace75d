import { AGENT_ADMIN_ROUTES as routes, isAgentType } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { operatorRouteOptions } from '../../http/route-options';
import type { ServiceRegistry } from '../manifest';

/** Who may look at the tree and the applications, and who may decide one. */
const READ = ['owner', 'risk', 'finance', 'support'] as const;
const DECIDE = ['owner', 'risk'] as const;
/** Direct downline rows the console's tree shows at once (the rest are counted). */
export const ADMIN_TREE_LIMIT = 200;

/** The console's agent desks (docs/agents.md "Console"): the tree and affiliate applications. */
export function agentsAdminRoutes(app: FastifyInstance, services: ServiceRegistry): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { agents, accounts } = services;
  const tags = ['admin', 'agents'];

  r.route({
    ...operatorRouteOptions(routes.tree, {
      tags,
      summary: 'A member’s place in the agents’ tree: its uplines and its direct downline',
    }),
    config: { roles: READ },
    handler: async (request) => {
      const found = await accounts.search({
        q: request.query.q,
        sort: 'id',
        order: 'asc',
        limit: 1,
        offset: 0,
      });
      const member = found.rows[0];
      if (!member) throw new AppError('agent_member_not_found');
      const [ancestors, downline, counts] = await Promise.all([
        agents.ancestorsOf(member.id),
        agents.directDownline(member.id, ADMIN_TREE_LIMIT),
        agents.teamCounts(member.id),
      ]);
      const ids = [...ancestors.map((a) => a.memberId), ...downline.map((d) => d.memberId)];
      const [rows, sizes] = await Promise.all([
        accounts.byIds(ids),
        Promise.all(ids.map(async (id) => [id, (await agents.teamCounts(id)).team] as const)),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const size = new Map(sizes);
      const node = (memberId: number, depth: number) => {
        const row = byId.get(memberId);
        return {
          memberId,
          username: row?.username ?? String(memberId),
          isAgent: row ? isAgentType(row.type) : false,
          depth,
          teamSize: size.get(memberId) ?? 0,
        };
      };
      return ok({
        member: {
          memberId: member.id,
          username: member.username,
          isAgent: isAgentType(member.type),
          depth: 0,
          teamSize: counts.team,
        },
        ancestors: ancestors.map((a) => node(a.memberId, a.depth)),
        downline: downline.map((d) => node(d.memberId, 1)),
        moreDownline: Math.max(0, counts.direct - downline.length),
      });
    },
  });
  r.route({
    ...operatorRouteOptions(routes.applications, {
      tags,
      summary: 'Affiliate applications by status',
    }),
    config: { roles: READ },
    handler: async (request) => ok(await agents.applications.list(request.query)),
  });
  r.route({
    ...operatorRouteOptions(routes.decideApplication, {
      tags,
      summary: 'Approve (the member becomes an agent) or reject an affiliate application',
    }),
    config: { roles: DECIDE },
    handler: async (request) => {
      const decided = await agents.applications.decide(
        request.params.id,
        request.body.decision,
        request.staff!.staffId,
        request.body.note,
        new Date(),
      );
      request.audit = {
        action: `agents.application.${request.body.decision}`,
        subject: `member:${decided.memberId}`,
        after: decided,
      };
      return ok(decided);
    },
  });
}
