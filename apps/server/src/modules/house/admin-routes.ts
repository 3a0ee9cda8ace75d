import { HOUSE_ADMIN_ROUTES as routes } from '@banca/contracts/house-admin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { operatorRouteOptions } from '../../http/route-options';
import { toGame, type HouseService } from './service';

/** Who may read the games' P&L, and who may switch a game off or change its limits. */
const READ = ['owner', 'risk', 'finance'] as const;
const CHANGE = ['owner', 'risk'] as const;
const DAY_MS = 86_400_000;
/** The currency of a game's row when it has no bets in the period (the brands run in BRL). */
const DEFAULT_CURRENCY = 'BRL';

/** The house games' operator routes (docs/house.md "Operator"). */
export function houseAdminRoutes(app: FastifyInstance, house: HouseService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'house'];

  r.route({
    ...operatorRouteOptions(routes.games, {
      tags,
      summary: 'House games: configuration, kill switch and P&L per game over the last N days',
    }),
    config: { roles: READ },
    handler: async (request) => {
      const toUtc = new Date();
      const fromUtc = new Date(toUtc.getTime() - request.query.days * DAY_MS);
      const [games, pnl] = await Promise.all([
        house.listGames(),
        house.profitByGame(fromUtc, toUtc),
      ]);
      return ok({
        fromUtc: fromUtc.toISOString(),
        toUtc: toUtc.toISOString(),
        games: games.map((game) => {
          const rows = pnl.filter((p) => p.gameCode === game.gameCode);
          const sum = (f: (p: (typeof rows)[number]) => number) =>
            rows.reduce((s, p) => s + f(p), 0);
          return {
            ...game,
            currency: rows[0]?.currency ?? DEFAULT_CURRENCY,
            bets: sum((p) => p.bets),
            stakeMinor: sum((p) => p.stakeMinor),
            payoutMinor: sum((p) => p.payoutMinor),
            profitMinor: sum((p) => p.stakeMinor - p.payoutMinor),
          };
        }),
      });
    },
  });

  r.route({
    ...operatorRouteOptions(routes.updateGame, {
      tags,
      summary:
        'Switch a house game on or off, or change its bet limits, max payout and crash round limit',
    }),
    config: { roles: CHANGE },
    handler: async (request) => {
      const b = request.body;
      const result = await house.updateGame(request.params.gameCode, {
        ...(b.enabled === undefined ? {} : { enabled: b.enabled }),
        ...(b.minBetMinor === undefined ? {} : { min_bet_minor: b.minBetMinor }),
        ...(b.maxBetMinor === undefined ? {} : { max_bet_minor: b.maxBetMinor }),
        ...(b.maxPayoutMinor === undefined ? {} : { max_payout_minor: b.maxPayoutMinor }),
        ...(b.maxRoundPayoutMinor === undefined
          ? {}
          : { max_round_payout_minor: b.maxRoundPayoutMinor }),
      });
      if (!result) throw new AppError('house_game_not_found');
      const before = toGame(result.before);
      const after = toGame(result.after);
      request.audit = {
        action:
          after.enabled === before.enabled
            ? 'house.game.limits'
            : after.enabled
              ? 'house.game.enable'
              : 'house.game.disable',
        subject: `house-game:${after.gameCode}`,
        before,
        after,
      };
      return ok(after);
    },
  });
}
