import { ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok, okOnce } from '../../http/envelope';
import { routeOptions } from '../../http/route-options';
import type { LobbyService } from './lobby-service';

export function lobbyRoutes(app: FastifyInstance, lobby: LobbyService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];
  const routes = ROUTES.games;
  const sendList = okOnce(routes.list.response);
  const sendLanes = okOnce(routes.lanes.response);
  const sendHot = okOnce(routes.hot.response);

  r.route({
    ...routeOptions(routes.list, {
      tags,
      summary:
        'Game list of a lobby: category, vendor, classify, filter (ALL/HOT/NEW/FAV/RECENT), name search, page',
    }),
    config: { auth: 'optional' },
    handler: async (request, reply) => {
      const list = await lobby.list(
        request.query,
        request.language,
        request.session?.memberId ?? null,
      );
      return sendList(reply, list, () => list);
    },
  });

  r.route({
    ...routeOptions(routes.lanes, {
      tags,
      summary: 'Vendor lanes: per category its vendors and classify menu',
    }),
    handler: async (_request, reply) => {
      const lanes = await lobby.lanes();
      return sendLanes(reply, lanes, () => ({ data: { lanes } }));
    },
  });

  r.route({
    ...routeOptions(routes.hot, { tags, summary: 'Hot games of a category or vendor' }),
    handler: async (request, reply) => {
      const hot = await lobby.hot(request.query, request.language, request.brand.merchantCode);
      return sendHot(reply, hot, () => hot);
    },
  });

  r.route({
    ...routeOptions(routes.winners, {
      tags,
      summary: 'Winner board: the latest wins, biggest first',
    }),
    handler: async (request) =>
      ok(
        await lobby.winners(
          request.brand.merchantCode,
          request.query.gameCategory,
          request.query.limitNum,
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.favourites, { tags, summary: 'The member’s favourite games' }),
    config: { auth: 'required' },
    handler: async (request) =>
      ok(await lobby.favourites(sessionOf(request).memberId, request.query, request.language)),
  });

  r.route({
    ...routeOptions(routes.addFavourite, { tags, summary: 'Add a favourite (no-op when present)' }),
    config: { auth: 'required' },
    handler: async (request) => {
      await lobby.addFavourite(sessionOf(request).memberId, request.body.nodeId);
      return ok({ done: true as const });
    },
  });

  r.route({
    ...routeOptions(routes.removeFavourite, { tags, summary: 'Remove a favourite' }),
    config: { auth: 'required' },
    handler: async (request) => {
      await lobby.removeFavourite(sessionOf(request).memberId, request.body.nodeId);
      return ok({ done: true as const });
    },
  });

  r.route({
    ...routeOptions(routes.recent, { tags, summary: 'Games the member launched lately' }),
    config: { auth: 'required' },
    handler: async (request) =>
      ok(
        await lobby.recent(
          sessionOf(request).memberId,
          { ...request.query, pageNo: request.query.page ?? request.query.pageNo },
          request.language,
        ),
      ),
  });
}
