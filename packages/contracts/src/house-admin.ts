import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { houseGameSchema } from './house';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { serverText, text } from './text';

/**
 * The house games' operator routes (`/admin/api`, docs/house.md "Operator"): the games with
 * their per-game P&L over a period, and a change of one game (kill switch, limits).
 */
export const HOUSE_ADMIN_ENDPOINTS = {
  games: { method: 'GET', path: '/admin/api/house/games' },
  updateGame: { method: 'PUT', path: '/admin/api/house/games/:gameCode' },
} as const satisfies Record<string, Endpoint>;

const route = <const P extends Endpoint, const S extends RouteSchemas>(endpoint: P, schemas: S) =>
  ({ ...endpoint, ...schemas }) as P & S;

/** Longest period the P&L adds up (a quarter). */
export const HOUSE_PNL_MAX_DAYS = 92;

export const houseAdminGamesQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(HOUSE_PNL_MAX_DAYS).default(30),
});

export const houseGamePnlSchema = houseGameSchema.extend({
  currency: serverText(),
  bets: z.number().int(),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  /** stake − payout: the house's gross gaming revenue of the game in the period. */
  profitMinor: z.number().int(),
});
export const houseAdminGamesSchema = z.object({
  fromUtc: serverText(),
  toUtc: serverText(),
  games: z.array(houseGamePnlSchema),
});

const limitMinor = z.number().int().min(1).max(10_000_000_000);
export const houseGameUpdateSchema = z
  .object({
    enabled: z.boolean().optional(),
    minBetMinor: limitMinor.optional(),
    maxBetMinor: limitMinor.optional(),
    maxPayoutMinor: limitMinor.optional(),
    /** Crash: the most one round pays in all (docs/house.md "Round limit"). */
    maxRoundPayoutMinor: limitMinor.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'nothing to change' });
export const houseGameParamsSchema = z.object({ gameCode: text(40).regex(/^[A-Z0-9_]+$/) });

export const HOUSE_ADMIN_ROUTES = {
  games: route(HOUSE_ADMIN_ENDPOINTS.games, {
    query: houseAdminGamesQuerySchema,
    response: houseAdminGamesSchema,
  }),
  updateGame: route(HOUSE_ADMIN_ENDPOINTS.updateGame, {
    params: houseGameParamsSchema,
    body: houseGameUpdateSchema,
    response: houseGameSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;
