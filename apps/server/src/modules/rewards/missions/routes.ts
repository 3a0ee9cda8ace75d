import { MISSION_ADMIN_ROUTES as admin, MISSION_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import { ok } from '../../../http/envelope';
import { operatorRouteOptions, routeOptions } from '../../../http/route-options';
import type { MemberRef } from '../../wallet';
import type { MissionsService } from './service';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/** Missions and the mission leaderboard (member centre missionLeaderboard, docs/missions.md). */
export function missionRoutes(app: FastifyInstance, missions: MissionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['missions'];
  const member = { auth: 'required', allowTrial: false } as const;
  r.route({
    ...routeOptions(routes.list, {
      tags,
      summary: 'The brand’s missions with the member’s progress in this period',
    }),
    config: member,
    handler: async (request) =>
      ok(await missions.list(request.brand, memberOf(request), request.language)),
  });
  r.route({
    ...routeOptions(routes.badge, {
      tags,
      summary: 'How many missions wait for the member’s claim (the menu’s badge)',
    }),
    config: member,
    handler: async (request) => ok(await missions.badge(memberOf(request))),
  });
  r.route({
    ...routeOptions(routes.claim, {
      tags,
      summary: 'Claim a completed mission’s reward (one of two claims at once wins)',
    }),
    config: member,
    handler: async (request) =>
      ok(
        await missions.claim(request.brand, memberOf(request), request.params.id, request.language),
      ),
  });
  r.route({
    ...routeOptions(routes.leaderboard, {
      tags,
      summary: 'Mission points over the week or month: the top and the member’s own rank',
    }),
    config: member,
    handler: async (request) =>
      ok(await missions.leaderboard(request.brand, memberOf(request), request.query.period)),
  });
}

/** Who may read the missions desk, and who may change missions. */
const READ = ['owner', 'content', 'finance', 'risk', 'support'] as const;
const EDIT = ['owner', 'content'] as const;

/** The console's missions editor (every change audited). */
export function missionAdminRoutes(app: FastifyInstance, missions: MissionsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'missions'];
  r.route({
    ...operatorRouteOptions(admin.list, { tags, summary: 'Missions of every brand (or one)' }),
    config: { roles: READ },
    handler: async (request) => ok({ list: await missions.admin.list(request.query.merchantCode) }),
  });
  r.route({
    ...operatorRouteOptions(admin.create, { tags, summary: 'A new mission' }),
    config: { roles: EDIT },
    handler: async (request) => {
      const after = await missions.admin.create(request.body);
      request.audit = { action: 'mission.create', subject: `mission:${after.id}`, after };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(admin.update, {
      tags,
      summary: 'Change a mission’s rules, texts or switch it on or off',
    }),
    config: { roles: EDIT },
    handler: async (request) => {
      const { before, after } = await missions.admin.update(request.params.id, request.body);
      request.audit = { action: 'mission.update', subject: `mission:${after.id}`, before, after };
      return ok(after);
    },
  });
}
