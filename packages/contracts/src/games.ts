import { z } from 'zod';
import {
  GAME_CATEGORIES,
  GAME_NAME_SEARCH_MAX,
  LOBBY_PAGE_SIZE,
  MAX_PAGE_SIZE,
} from './game-categories';
import { text, serverText } from './text';

export {
  GAME_CATEGORIES,
  GAME_NAME_SEARCH_MAX,
  LOBBY_PAGE_SIZE,
  MAX_NAV_CATEGORIES,
  MAX_PAGE_SIZE,
} from './game-categories';
export const gameCategorySchema = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof gameCategorySchema>;

/**
 * How a vendor's money moves: `seamless` vendors call our wallet API per bet; `transfer`
 * vendors hold a wallet of their own that members move money into and out of.
 */
export const walletModeSchema = z.enum(['seamless', 'transfer']);

/**
 * `isGame` of a lobby entry: `VASSALAGE` is a vendor whose entry opens a popup listing its
 * games; `LOBBY` is a vendor launched straight into its own lobby (sports, lottery…).
 */
export const vendorEntryKindSchema = z.enum(['VASSALAGE', 'LOBBY']);

export const vendorSchema = z.object({
  code: serverText(),
  name: serverText(),
  gameCategory: gameCategorySchema,
  walletMode: walletModeSchema,
  isGame: vendorEntryKindSchema,
  maintenance: z.boolean(),
  logoUrl: serverText(),
  gameCount: z.number().int().nonnegative(),
});
export type Vendor = z.infer<typeof vendorSchema>;

/** `/lgw/games/game_menus`: the categories that have vendors, in the server's order. */
export const gameMenuSchema = z.object({
  gameCategory: gameCategorySchema,
  vendors: z.array(vendorSchema),
});
export type GameMenu = z.infer<typeof gameMenuSchema>;
export const gameMenusSchema = z.array(gameMenuSchema);

/** Lobby filters (docs/product.md §3 "Game select types"). FAV and RECENT need a session. */
export const gameSelectTypeSchema = z.enum(['ALL', 'HOT', 'NEW', 'FAV', 'RECENT']);
export type GameSelectType = z.infer<typeof gameSelectTypeSchema>;

/**
 * A game card (docs/product.md §3 "Game"). Card style variant = nodeId % 4 + 1, computed by the
 * client.
 */
export const gameCardSchema = z.object({
  nodeId: z.number().int(),
  gameCode: serverText(),
  gameName: serverText(),
  displayName: serverText(),
  gameType: gameCategorySchema,
  vassalage: serverText(),
  vendorName: serverText(),
  iconUrl: serverText(),
  /** 1 shows the hot badge (spec). */
  isHot: z.union([z.literal(0), z.literal(1)]),
  isNew: z.union([z.literal(0), z.literal(1)]),
  /** GAME: a playable game; LOBBY: a vendor's own lobby. */
  isGame: z.enum(['GAME', 'LOBBY']),
  classify: serverText(),
  maintenance: z.boolean(),
  /** Return to player in percent (e.g. 96.5), shown on every game under the Brazilian rules. */
  rtp: z.number(),
});
export type GameCard = z.infer<typeof gameCardSchema>;

const optionalText = (max: number) => text(max).trim().optional();

export const gameListQuerySchema = z.object({
  clientType: z.coerce.number().int().min(0).max(9).optional(),
  platform: optionalText(32),
  merchant: optionalText(32),
  gameType: gameCategorySchema.optional(),
  vassalage: optionalText(16),
  gameClassify: optionalText(32),
  gameName: optionalText(GAME_NAME_SEARCH_MAX),
  selectType: gameSelectTypeSchema.default('ALL'),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
  language: optionalText(16),
});
export type GameListQuery = z.input<typeof gameListQuerySchema>;

export const gameListSchema = z.object({
  games: z.array(gameCardSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type GameList = z.infer<typeof gameListSchema>;

export const classifyEntrySchema = z.object({
  key: serverText(),
  displayName: serverText(),
  vendors: z.array(serverText()),
});
export const vendorLaneSchema = z.object({
  title: gameCategorySchema,
  cards: z.array(vendorSchema),
  gameClassify: z.array(classifyEntrySchema),
});
/** `value.data.lanes` (docs/product.md §7). */
export const lanesSchema = z.object({ data: z.object({ lanes: z.array(vendorLaneSchema) }) });

export const hotGamesQuerySchema = z.object({
  merchantCode: optionalText(32),
  isPlatform: z.coerce.number().int().optional(),
  gameType: gameCategorySchema.optional(),
  vassalage: optionalText(16),
  platform: optionalText(32),
  language: optionalText(16),
});

export const favouriteListSchema = z.object({
  content: z.array(gameCardSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export const favouriteChangeSchema = z
  .object({
    nodeId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    vendor: optionalText(16),
    gameType: text(16).optional(),
  })
  .strict();
export const recentListSchema = z.object({
  list: z.array(gameCardSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

export const winnersQuerySchema = z.object({
  gameCategory: z.union([z.literal('ALL'), gameCategorySchema]).default('ALL'),
  language: optionalText(16),
  limitNum: z.coerce.number().int().min(1).max(50).default(20),
});
export const winnerSchema = z.object({
  id: z.number().int(),
  displayName: serverText(),
  nodeId: z.number().int(),
  gameName: serverText(),
  gameType: gameCategorySchema,
  vassalage: serverText(),
  iconUrl: serverText(),
  winAmount: z.number(),
  winAmountMinor: z.number().int(),
  currency: serverText(),
  wonAt: serverText(),
});
export type Winner = z.infer<typeof winnerSchema>;

export const launchGameRequestSchema = z
  .object({
    nodeId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    platform: optionalText(32),
    language: optionalText(16),
  })
  .strict();

/**
 * A launched game (issue 12 §2): the vendor's address carrying the game session's token, which
 * the /seamless page frames, and the game's card (its name and vendor for the page's bar).
 */
export const launchGameResponseSchema = z.object({
  url: serverText(),
  game: gameCardSchema,
});
export type LaunchGameResponse = z.infer<typeof launchGameResponseSchema>;
