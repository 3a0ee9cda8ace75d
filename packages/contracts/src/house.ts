import { z } from 'zod';
import { HOUSE_ENDPOINTS as E } from './house-endpoints';
import type { Endpoint } from './endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { serverText, text } from './text';

/**
 * The house games' requests and answers (docs/house.md). Amounts are integer minor units
 * (centavos); multipliers are integers in 1/10,000 (`E4`) or targets in 1/100 (`E2`), as the
 * fairness functions compute them (@banca/contracts/fairness).
 */
const route = <const P extends Endpoint, const S extends RouteSchemas>(endpoint: P, schemas: S) =>
  ({ ...endpoint, ...schemas }) as P & S;

/** Longest client seed a member may set (it is part of every round's HMAC message). */
export const CLIENT_SEED_MAX_LENGTH = 64;

export const houseEngineSchema = z.enum(['dice', 'limbo', 'mines', 'plinko', 'double', 'crash']);
export const plinkoRiskSchema = z.enum(['low', 'medium', 'high']);

const gameCode = text(40).regex(/^[A-Z0-9_]+$/);
const amountMinor = z.number().int().min(1).max(10_000_000_000);

export const houseGameSchema = z.object({
  gameCode: serverText(),
  engine: houseEngineSchema,
  rtpBps: z.number().int(),
  minBetMinor: z.number().int(),
  maxBetMinor: z.number().int(),
  maxPayoutMinor: z.number().int(),
  /** Crash: the most one round pays in all; past it the bets still in the air are cashed out. */
  maxRoundPayoutMinor: z.number().int(),
  enabled: z.boolean(),
});
export type HouseGame = z.infer<typeof houseGameSchema>;
export const houseGamesSchema = z.object({
  currency: serverText(),
  games: z.array(houseGameSchema),
});

export const houseChainSchema = z.object({
  gameCode: serverText(),
  engine: houseEngineSchema,
  commitment: serverText(),
  salt: serverText(),
  length: z.number().int(),
  played: z.number().int(),
});
export const houseChainsSchema = z.object({ chains: z.array(houseChainSchema) });

export const seedPairSchema = z.object({
  id: z.number().int(),
  serverSeedHash: serverText(),
  /** Only once revealed (rotated). */
  serverSeed: serverText().nullable(),
  clientSeed: serverText(),
  /** The nonce the next bet gets (active), or how many bets the pair played (revealed). */
  nonce: z.number().int(),
  createdAt: serverText(),
  revealedAt: serverText().nullable(),
});
export type SeedPair = z.infer<typeof seedPairSchema>;
export const seedsSchema = z.object({ active: seedPairSchema, revealed: z.array(seedPairSchema) });

export const rotateSeedsRequestSchema = z.object({
  clientSeed: text(CLIENT_SEED_MAX_LENGTH).trim().min(1).optional(),
});
export const rotateSeedsResponseSchema = z.object({
  revealed: seedPairSchema,
  active: seedPairSchema,
});

export const diceBetSchema = z.object({
  gameCode,
  amountMinor,
  /** Roll over/under this number, in hundredths (50.00 → 5000). */
  targetE2: z.number().int().min(0).max(10_000),
  over: z.boolean(),
});
export const limboBetSchema = z.object({
  gameCode,
  amountMinor,
  targetE2: z.number().int().min(101).max(100_000_000),
});
export const plinkoBetSchema = z.object({
  gameCode,
  amountMinor,
  rows: z.number().int().min(8).max(16),
  risk: plinkoRiskSchema,
});
export const minesBetSchema = z.object({
  gameCode,
  amountMinor,
  mines: z.number().int().min(1).max(24),
});
export const minesActiveQuerySchema = z.object({ gameCode });
export const minesRevealSchema = z.object({
  betId: z.number().int().min(1),
  tile: z.number().int().min(0).max(24),
});
export const minesCashoutSchema = z.object({ betId: z.number().int().min(1) });

export const doubleColorSchema = z.enum(['red', 'black', 'white']);
export const doubleStateQuerySchema = z.object({ gameCode });
export const doubleBetSchema = z.object({ gameCode, amountMinor, pick: doubleColorSchema });
export const doubleStateSchema = z.object({
  serverTimeUtc: serverText(),
  /** h0 of the chain the round comes from, and its salt (docs/fairness.md §4). */
  commitment: serverText(),
  salt: serverText(),
  round: z.object({
    id: z.number().int(),
    chainIndex: z.number().int(),
    status: z.enum(['betting', 'ended']),
    bettingEndsAtUtc: serverText(),
    /** 0 white, 1–7 red, 8–14 black; null while betting. */
    slot: z.number().int().nullable(),
    gameHash: serverText().nullable(),
  }),
  history: z.array(
    z.object({
      id: z.number().int(),
      slot: z.number().int(),
      gameHash: serverText(),
      chainIndex: z.number().int(),
    }),
  ),
  myBets: z.array(
    z.object({
      pick: doubleColorSchema,
      stakeMinor: z.number().int(),
      payoutMinor: z.number().int(),
      status: serverText(),
    }),
  ),
});
export type DoubleState = z.infer<typeof doubleStateSchema>;
export const doubleBetResponseSchema = z.object({
  roundId: z.number().int(),
  balanceMinor: z.number().int(),
});

export const crashStateQuerySchema = z.object({ gameCode });
export const crashBetSchema = z.object({
  gameCode,
  amountMinor,
  /** Cash out by itself at this multiplier (hundredths, 1.01× … 1,000,000×), or null. */
  autoCashoutE2: z.number().int().min(101).max(100_000_000).nullable(),
});
export const crashCashoutSchema = z.object({ gameCode });
export const crashStateSchema = z.object({
  serverTimeUtc: serverText(),
  commitment: serverText(),
  salt: serverText(),
  round: z.object({
    id: z.number().int(),
    chainIndex: z.number().int(),
    status: z.enum(['betting', 'running', 'ended']),
    /** Betting closes and the multiplier starts at this instant. */
    bettingEndsAtUtc: serverText(),
    /** Only once crashed. */
    pointE2: z.number().int().nullable(),
    gameHash: serverText().nullable(),
    /** The most this round pays in all (null: rounds opened before there was a limit). */
    limitMinor: z.number().int().nullable(),
    /** Stakes taken so far: a bet is refused once they would pass the limit. */
    stakedMinor: z.number().int(),
    /**
     * Once flying: the multiplier at which every bet still in the air is cashed out because the
     * round's limit is reached (null: it is not reached). Lower cash-outs push it up.
     */
    capE2: z.number().int().nullable(),
  }),
  history: z.array(
    z.object({
      id: z.number().int(),
      pointE2: z.number().int(),
      gameHash: serverText(),
      chainIndex: z.number().int(),
    }),
  ),
  players: z.array(
    z.object({
      /** The bet's number: the socket's cash-out events name it. */
      betId: z.number().int(),
      player: serverText(),
      me: z.boolean(),
      stakeMinor: z.number().int(),
      cashoutE2: z.number().int().nullable(),
      payoutMinor: z.number().int(),
      /** Cashed out by the round's limit. */
      forced: z.boolean(),
      autoCashoutE2: z.number().int().nullable(),
    }),
  ),
});
export type CrashState = z.infer<typeof crashStateSchema>;
export const crashCashoutResponseSchema = z.object({
  cashoutE2: z.number().int(),
  payoutMinor: z.number().int(),
  balanceMinor: z.number().int(),
});

export const houseBetSchema = z.object({
  id: z.number().int(),
  gameCode: serverText(),
  engine: houseEngineSchema,
  currency: serverText(),
  stakeMinor: z.number().int(),
  payoutMinor: z.number().int(),
  multiplierE4: z.number().int(),
  status: z.enum(['pending', 'open', 'settling', 'settled', 'refused']),
  rtpBps: z.number().int(),
  /** What the member chose (target, over, rows, risk, mines). */
  params: z.record(serverText(), z.unknown()),
  /** What the seeds decided (roll, result, path, slot, mine tiles once the round is over). */
  outcome: z.record(serverText(), z.unknown()),
  /** Mines: the tiles opened so far. */
  revealed: z.array(z.number().int()),
  nonce: z.number().int(),
  clientSeed: serverText(),
  serverSeedHash: serverText(),
  /** Once the seed pair is rotated: the bet can be verified. */
  serverSeed: serverText().nullable(),
  createdAt: serverText(),
  /** The main wallet after the bet (answers of play only). */
  balanceMinor: z.number().int().optional(),
});
export type HouseBet = z.infer<typeof houseBetSchema>;
export const houseBetNullableSchema = houseBetSchema.nullable();

export const houseBetsQuerySchema = z.object({
  gameCode: gameCode.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const houseBetsPageSchema = z.object({
  list: z.array(houseBetSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export const houseBetParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

export const HOUSE_ROUTES = {
  games: route(E.games, { response: houseGamesSchema }),
  chains: route(E.chains, { response: houseChainsSchema }),
  seeds: route(E.seeds, { response: seedsSchema }),
  rotateSeeds: route(E.rotateSeeds, {
    body: rotateSeedsRequestSchema,
    response: rotateSeedsResponseSchema,
  }),
  dice: route(E.dice, { body: diceBetSchema, response: houseBetSchema }),
  limbo: route(E.limbo, { body: limboBetSchema, response: houseBetSchema }),
  plinko: route(E.plinko, { body: plinkoBetSchema, response: houseBetSchema }),
  mines: route(E.mines, { body: minesBetSchema, response: houseBetSchema }),
  minesActive: route(E.minesActive, {
    query: minesActiveQuerySchema,
    response: houseBetNullableSchema,
  }),
  minesReveal: route(E.minesReveal, { body: minesRevealSchema, response: houseBetSchema }),
  minesCashout: route(E.minesCashout, { body: minesCashoutSchema, response: houseBetSchema }),
  doubleState: route(E.doubleState, { query: doubleStateQuerySchema, response: doubleStateSchema }),
  doubleBet: route(E.doubleBet, { body: doubleBetSchema, response: doubleBetResponseSchema }),
  crashState: route(E.crashState, { query: crashStateQuerySchema, response: crashStateSchema }),
  crashBet: route(E.crashBet, { body: crashBetSchema, response: doubleBetResponseSchema }),
  crashCashout: route(E.crashCashout, {
    body: crashCashoutSchema,
    response: crashCashoutResponseSchema,
  }),
  bets: route(E.bets, { query: houseBetsQuerySchema, response: houseBetsPageSchema }),
  bet: route(E.bet, { params: houseBetParamsSchema, response: houseBetSchema }),
} as const satisfies Record<string, RouteDescriptor>;
