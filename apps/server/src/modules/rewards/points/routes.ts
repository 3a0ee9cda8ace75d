import { LOYALTY_ADMIN_ROUTES as admin, LOYALTY_ROUTES as routes } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../../http/auth-guard';
import type { KeyStore } from '../../../http/encrypted-body';
import { ok } from '../../../http/envelope';
import { operatorRouteOptions, routeOptions } from '../../../http/route-options';
import type { ServiceRegistry } from '../../manifest';
import type { MemberRef } from '../../wallet';
import { LOYALTY_EDIT, LOYALTY_READ } from '../vip';
import type { PointsService } from './service';

/** Who decides redeems (the money or goods leave the house). */
const DECIDE = ['owner', 'finance', 'risk'] as const;

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/** Points and the mall for the member (facts.md §1's relay calls; real members only but goods and rules). */
export function pointsRoutes(app: FastifyInstance, points: PointsService, keys: KeyStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['loyalty'];
  const member = { auth: 'required', allowTrial: false } as const;
  r.route({
    ...routeOptions(routes.pointBalance, {
      tags,
      summary: 'The points wallet’s balance and the points on their way to it',
    }),
    config: member,
    handler: async (request) => {
      const member = memberOf(request);
      const [point, pendingPoint] = await Promise.all([
        points.balance(member),
        points.pending(member),
      ]);
      return ok({ point, pendingPoint, currency: request.brand.currency });
    },
  });
  r.route({
    ...routeOptions(routes.pointConfig, {
      tags,
      summary: 'The points rules (per game category) and the exchange-rate table',
    }),
    config: { auth: 'optional' },
    handler: async (request) => ok(await points.config(request.brand)),
  });
  r.route({
    ...routeOptions(routes.pointReward, {
      tags,
      summary: 'The mall’s goods: stock, points and amount requirements',
    }),
    config: { auth: 'optional' },
    handler: async (request) => {
      const session = request.session;
      return ok(
        await points.rewards(
          request.brand,
          session && !session.isTrial ? memberOf(request) : null,
          request.language,
        ),
      );
    },
  });
  r.route({
    ...routeOptions(routes.redeemPointReward, {
      tags,
      summary: 'Redeem goods (payment password, encrypted): in process until an operator decides',
    }),
    config: member,
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.redeemPointReward.body);
      return ok(
        await points.redeem(
          memberOf(request),
          request.brand,
          { ip: request.ip, language: request.language },
          input,
        ),
      );
    },
  });
  r.route({
    ...routeOptions(routes.convertPoint, {
      tags,
      summary: 'Convert points to cash at the exchange-rate table (payment password, encrypted)',
    }),
    config: member,
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.convertPoint.body);
      return ok(await points.convert(memberOf(request), request.brand, request.ip, input));
    },
  });
  r.route({
    ...routeOptions(routes.redeemPointList, {
      tags,
      summary: 'The member’s redeems and conversions',
    }),
    config: member,
    handler: async (request) =>
      ok(await points.redeemList(memberOf(request), request.query, request.language)),
  });
  r.route({
    ...routeOptions(routes.pointTransactions, {
      tags,
      summary: 'The member’s points transactions (changed points, balance after)',
    }),
    config: member,
    handler: async (request) => ok(await points.transactions(memberOf(request), request.query)),
  });
}

/** The console's points rules, goods and redeem fulfilment (each change audited). */
export function pointsAdminRoutes(app: FastifyInstance, services: ServiceRegistry): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { points, accounts } = services;
  const tags = ['admin', 'loyalty'];
  const usernames = async (ids: number[]) =>
    new Map((await accounts.byIds(ids)).map((m) => [m.id, m.username]));
  r.route({
    ...operatorRouteOptions(admin.points, { tags, summary: 'A brand’s points rules' }),
    config: { roles: LOYALTY_READ },
    handler: async (request) => ok(await points.admin.settings(request.query.merchantCode)),
  });
  r.route({
    ...operatorRouteOptions(admin.savePoints, {
      tags,
      summary: 'Points per category and the exchange-rate table',
    }),
    config: { roles: LOYALTY_EDIT },
    handler: async (request) => {
      const { before, after } = await points.admin.saveSettings(request.body);
      request.audit = {
        action: 'points.rules.update',
        subject: `brand:${after.merchantCode}`,
        before,
        after,
      };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(admin.goods, { tags, summary: 'The mall’s goods (on and off)' }),
    config: { roles: LOYALTY_READ },
    handler: async (request) =>
      ok({ list: await points.admin.goodsList(request.query.merchantCode) }),
  });
  r.route({
    ...operatorRouteOptions(admin.createGoods, { tags, summary: 'New goods in the mall' }),
    config: { roles: LOYALTY_EDIT },
    handler: async (request) => {
      const { merchantCode, ...input } = request.body;
      const after = await points.admin.createGoods(merchantCode, input);
      request.audit = { action: 'mall.goods.create', subject: `mall-goods:${after.id}`, after };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(admin.updateGoods, {
      tags,
      summary: 'Change goods: texts, points, stock, on/off',
    }),
    config: { roles: LOYALTY_EDIT },
    handler: async (request) => {
      const { before, after } = await points.admin.updateGoods(request.params.id, request.body);
      request.audit = {
        action: 'mall.goods.update',
        subject: `mall-goods:${after.id}`,
        before,
        after,
      };
      return ok(after);
    },
  });
  r.route({
    ...operatorRouteOptions(admin.redemptions, {
      tags,
      summary: 'Redeems to fulfil, and decided ones',
    }),
    config: { roles: LOYALTY_READ },
    handler: async (request) => ok(await points.admin.queue(request.query, usernames)),
  });
  r.route({
    ...operatorRouteOptions(admin.decide, {
      tags,
      summary: 'Approve (cash or bonus paid, goods shipped) or reject (points back) a redeem',
    }),
    config: { roles: DECIDE },
    handler: async (request) => {
      const { before, after } = await points.admin.decide(
        request.params.id,
        request.body.decision,
        request.body.reason ?? null,
        String(request.staff?.staffId ?? 'unknown'),
      );
      request.audit = {
        action: `mall.redemption.${request.body.decision}`,
        subject: `mall-redemption:${after.id}`,
        before: { status: before.status },
        after: { status: after.status, reason: after.reason },
      };
      const names = await usernames([after.memberId]);
      return ok({ ...after, username: names.get(after.memberId) ?? String(after.memberId) });
    },
  });
}
