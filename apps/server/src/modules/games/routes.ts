import { gameMenusSchema, successEnvelope } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import type { GamesService } from './service';

export function gamesRoutes(app: FastifyInstance, games: GamesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];

  r.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags,
        summary: 'Categories that have vendors, with their vendors',
        response: { 200: successEnvelope(gameMenusSchema) },
      },
    },
    async () => ok(await games.gameMenus()),
  );
}
