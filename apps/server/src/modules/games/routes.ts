import { ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { routeOptions } from '../../http/route-options';
import type { GamesService } from './service';

export function gamesRoutes(app: FastifyInstance, games: GamesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOptions(ROUTES.games.menus, {
      tags: ['games'],
      summary: 'Categories that have vendors, with their vendors',
    }),
    handler: async () => ok(await games.gameMenus()),
  });
}
