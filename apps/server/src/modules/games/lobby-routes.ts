import {
  favouriteChangeSchema,
  favouriteListSchema,
  gameCardSchema,
  gameCategorySchema,
  gameListQuerySchema,
  gameListSchema,
  hotGamesQuerySchema,
  lanesSchema,
  launchGameRequestSchema,
  LOBBY_PAGE_SIZE,
  MAX_PAGE_SIZE,
  recentListSchema,
  successEnvelope,
  text,
  winnerSchema,
  winnersQuerySchema,
} from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth-guard';
import { ok, okOnce } from '../../http/envelope';
import type { LobbyService } from './lobby-service';

const memberListQuery = z.object({
  gameType: gameCategorySchema.optional(),
  vassalage: text(16).trim().optional(),
  clientType: z.coerce.number().int().min(0).max(9).optional(),
  platform: text(32).optional(),
  language: text(16).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The recent-games call names it `page`. */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
});

const done = successEnvelope(z.object({ done: z.literal(true) }));

export function lobbyRoutes(app: FastifyInstance, lobby: LobbyService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];
  const sendList = okOnce(gameListSchema);
  const sendLanes = okOnce(lanesSchema);
  const sendHot = okOnce(z.array(gameCardSchema));

  r.get(
    '/lgw/games/list',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary:
          'Game list of a lobby: category, vendor, classify, filter (ALL/HOT/NEW/FAV/RECENT), name search, page',
        querystring: gameListQuerySchema,
        response: { 200: successEnvelope(gameListSchema) },
      },
    },
    async (request, reply) => {
      const list = await lobby.list(
        request.query,
        request.language,
        request.session?.memberId ?? null,
      );
      return sendList(reply, list, () => list);
    },
  );

  r.get(
    '/lgw/games/lanes',
    {
      schema: {
        tags,
        summary: 'Vendor lanes: per category its vendors and classify menu',
        response: { 200: successEnvelope(lanesSchema) },
      },
    },
    async (_request, reply) => {
      const lanes = await lobby.lanes();
      return sendLanes(reply, lanes, () => ({ data: { lanes } }));
    },
  );

  r.get(
    '/lgw/games/hot',
    {
      schema: {
        tags,
        summary: 'Hot games of a category or vendor',
        querystring: hotGamesQuerySchema,
        response: { 200: successEnvelope(z.array(gameCardSchema)) },
      },
    },
    async (request, reply) => {
      const hot = await lobby.hot(request.query, request.language);
      return sendHot(reply, hot, () => hot);
    },
  );

  r.get(
    '/lgw/games/winners',
    {
      schema: {
        tags,
        summary: 'Winner board: the latest wins, biggest first',
        querystring: winnersQuerySchema,
        response: { 200: successEnvelope(z.array(winnerSchema)) },
      },
    },
    async (request) =>
      ok(
        await lobby.winners(
          request.brand.merchantCode,
          request.query.gameCategory,
          request.query.limitNum,
          request.language,
        ),
      ),
  );

  r.get(
    '/wps/games/favorites',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The member’s favourite games',
        querystring: memberListQuery,
        response: { 200: successEnvelope(favouriteListSchema) },
      },
    },
    async (request) =>
      ok(await lobby.favourites(sessionOf(request).memberId, request.query, request.language)),
  );

  r.post(
    '/wps/games/favorites',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Add a favourite (no-op when present)',
        body: favouriteChangeSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await lobby.addFavourite(sessionOf(request).memberId, request.body.nodeId);
      return ok({ done: true as const });
    },
  );

  r.delete(
    '/wps/games/favorites',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Remove a favourite',
        body: favouriteChangeSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await lobby.removeFavourite(sessionOf(request).memberId, request.body.nodeId);
      return ok({ done: true as const });
    },
  );

  r.get(
    '/wps/games/recent',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Games the member launched lately',
        querystring: memberListQuery,
        response: { 200: successEnvelope(recentListSchema) },
      },
    },
    async (request) =>
      ok(
        await lobby.recent(
          sessionOf(request).memberId,
          { ...request.query, pageNo: request.query.page ?? request.query.pageNo },
          request.language,
        ),
      ),
  );

  r.post(
    '/wps/game/launchGame',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Launch a game (records it as recent)',
        body: launchGameRequestSchema,
      },
    },
    async (request) =>
      lobby.launch(sessionOf(request).memberId, request.body.nodeId, request.language),
  );
}
