import { ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { routeOptions } from '../../http/route-options';
import type { LobbyService } from '../games';
import type { VendorsService } from './service';

/**
 * The player scope's launch (`POST /wps/game/launchGame`, issue 12 §2). Here rather than in the
 * games module because launching opens a game session, which this module owns; the games side
 * (maintenance with suggestions, the recent-games record, the card) is the lobby's.
 * Trial (free play) members play too, with their demo credit: free play is for trying games.
 */
export function launchRoutes(
  app: FastifyInstance,
  vendors: VendorsService,
  lobby: LobbyService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOptions(ROUTES.games.launch, {
      tags: ['games'],
      summary:
        'Launch a game: records it as recent, opens a game session and answers the vendor’s address carrying its token',
    }),
    config: { auth: 'required', allowTrial: true },
    handler: async (request) => {
      const session = sessionOf(request);
      const game = await lobby.beginLaunch(session.memberId, request.body.nodeId, request.language);
      const { url } = await vendors.launch(
        { memberId: session.memberId, language: request.language },
        game.nodeId,
        request.brand,
      );
      return ok({ url, game });
    },
  });
}
