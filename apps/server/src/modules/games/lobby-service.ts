import {
  gameCategorySchema,
  minorToMajor,
  type GameCard,
  type GameList,
  type GameSelectType,
  type Language,
  type Winner,
} from '@banca/contracts';
import { AppError } from '../../http/errors';
import { refreshingValue, refreshingValues } from '../../lib/refreshing-value';
import { gameIconUrl } from './art-urls';
import type { GameRow, LobbyRepository } from './lobby-repository';
import type { GamesService } from './service';

/** Hot lists and lanes change when an operator edits the catalogue; serve them from memory this long. */
const LOBBY_CACHE_TTL_MS = 60_000;
/** Hot games one list answers (the home page cuts to 6 when there are more than 12). */
const HOT_LIST_MAX = 24;
/** Hot games a list is mixed from; the whole catalogue has a few hundred. */
const HOT_POOL_MAX = 2_000;
/** Distinct shared lobby pages remembered per catalogue load (a few MB at most). */
const SHARED_PAGES_MAX = 5_000;
/**
 * "Hot" from real play (issue 12 §6): the games with the most settled rounds in this window lead
 * the hot list; a week, so a quiet brand's list still reflects its players.
 */
export const HOT_WINDOW_MS = 7 * 86_400_000;
const HOUR_MS = 3_600_000;

/** A settled round as the wallet's `bets.settled` carries it (the fields the lobby reads). */
type SettledRound = {
  betRoundId: number;
  merchantCode: string;
  vendorCode: string;
  gameCode: string;
  currency: string;
  stakeMinor: number;
  payoutMinor: number;
  settledAt: string;
  memberId: number;
};
/** Most-played games one hot list starts with; the seeded hot games fill the rest. */
const HOT_REAL_MAX = HOT_LIST_MAX;
/**
 * A settled round is a win for the board when it paid at least this (R$ 10,00) and at least
 * twice its stake: the board shows wins worth telling, not every returned stake.
 */
export const BOARD_WIN_MIN_MINOR = 1_000;
const BOARD_WIN_MIN_MULTIPLE = 2;

/** Games suggested instead of one under maintenance. */
const MAINTENANCE_SUGGESTIONS = 6;

export type LobbyRequest = {
  selectType: GameSelectType;
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  pageNo: number;
  pageSize: number;
};

function toCard(row: GameRow, language: Language): GameCard {
  return {
    nodeId: row.id,
    gameCode: row.game_code,
    gameName: row.name_en,
    displayName: language === 'pt-BR' ? row.name_pt : row.name_en,
    gameType: gameCategorySchema.parse(row.game_category),
    vassalage: row.vendor_code,
    vendorName: row.vendor_name,
    iconUrl: gameIconUrl(row),
    isHot: row.is_hot ? 1 : 0,
    isNew: row.is_new ? 1 : 0,
    isGame: row.entry_kind === 'LOBBY' ? 'LOBBY' : 'GAME',
    classify: row.classify,
    maintenance: row.maintenance || row.vendor_maintenance,
    rtp: row.rtp_bps / 100,
  };
}

/** Home sections, category lobbies, search, favourites, recent games, winners and launch. */
/** Game ids the settled-round handler remembers (the whole demo catalogue fits). */
const MAX_REMEMBERED_GAME_IDS = 20_000;

export function createLobbyService(deps: {
  repo: LobbyRepository;
  games: GamesService;
  now?: () => number;
}) {
  const { repo, games } = deps;
  const now = deps.now ?? Date.now;
  // Hot lists and lanes: never older than the TTL, read again in the background from half of it.
  const cache = refreshingValues({
    maxAgeMs: LOBBY_CACHE_TTL_MS,
    refreshAfterMs: LOBBY_CACHE_TTL_MS / 2,
    now,
  });
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => cache.get(key, load);

  /**
   * The catalogue in memory, in lobby order. Ten thousand games are a few megabytes, and
   * filtering them in memory answers a lobby page in well under a millisecond, where the
   * embedded database needed tens. Re-read in the background once LOBBY_CACHE_TTL_MS old, and
   * at once after invalidate().
   */
  type Catalogue = {
    rows: GameRow[];
    byId: Map<number, GameRow>;
    namesLower: Map<number, string>;
    pages: Map<string, GameList>;
  };
  function readCatalogue(): Promise<Catalogue> {
    return repo.allGames().then((rows) => ({
      rows,
      byId: new Map(rows.map((r) => [r.id, r])),
      namesLower: new Map(rows.map((r) => [r.id, `${r.name_en}\n${r.name_pt}`.toLowerCase()])),
      pages: new Map<string, GameList>(),
    }));
  }
  // Stale: read the new one in the background and keep answering from the current one, so the
  // lobby never stalls behind a 10,000-row read (a failed read keeps the old one).
  const catalogue = refreshingValue({
    load: readCatalogue,
    maxAgeMs: Infinity,
    refreshAfterMs: LOBBY_CACHE_TTL_MS,
    now,
  });
  const loadCatalogue = () => catalogue.get();

  async function list(
    request: LobbyRequest,
    language: Language,
    memberId: number | null,
  ): Promise<GameList> {
    if ((request.selectType === 'FAV' || request.selectType === 'RECENT') && memberId === null)
      throw new AppError('not_logged_in');
    const { rows, byId, namesLower, pages } = await loadCatalogue();
    // Pages that are the same for everyone are remembered with the catalogue they came from.
    const shared = request.selectType !== 'FAV' && request.selectType !== 'RECENT';
    const key = shared
      ? JSON.stringify([
          language,
          request.selectType,
          request.gameType,
          request.vassalage,
          request.gameClassify,
          request.gameName?.trim().toLowerCase(),
          request.pageNo,
          request.pageSize,
        ])
      : '';
    const remembered = shared ? pages.get(key) : undefined;
    if (remembered) return remembered;
    let source = rows;
    if (request.selectType === 'FAV' || request.selectType === 'RECENT') {
      const ids = await repo.memberGameIds(
        request.selectType === 'FAV' ? 'favourites' : 'recent',
        memberId!,
      );
      source = ids.map((id) => byId.get(id)).filter((r): r is GameRow => r !== undefined);
    }
    const name = request.gameName?.trim().toLowerCase() || null;
    const vendor = request.vassalage || null;
    const classify = request.gameClassify || null;
    const matches = source.filter(
      (r) =>
        (!request.gameType || r.game_category === request.gameType) &&
        (!vendor || r.vendor_code === vendor) &&
        (!classify || r.classify === classify) &&
        (request.selectType !== 'HOT' || r.is_hot) &&
        (request.selectType !== 'NEW' || r.is_new) &&
        (!name || namesLower.get(r.id)!.includes(name)),
    );
    const offset = (request.pageNo - 1) * request.pageSize;
    const page: GameList = {
      games: matches.slice(offset, offset + request.pageSize).map((r) => toCard(r, language)),
      pageNo: request.pageNo,
      pageSize: request.pageSize,
      totalCount: matches.length,
      totalPages: Math.ceil(matches.length / request.pageSize),
    };
    if (shared) {
      if (pages.size >= SHARED_PAGES_MAX) pages.clear();
      pages.set(key, page);
    }
    return page;
  }

  /**
   * Hot games of a category or vendor: the brand's most played in HOT_WINDOW_MS first (real
   * settled rounds, when `merchantCode` is given), then the catalogue's hot games mixed by vendor.
   */
  function hot(
    input: { gameType?: string | undefined; vassalage?: string | undefined },
    language: Language,
    merchantCode?: string,
  ): Promise<GameCard[]> {
    if (merchantCode === undefined) return seededHot(input, language);
    const key = `hot-played:${merchantCode}:${language}:${input.gameType ?? ''}:${input.vassalage ?? ''}`;
    return cached(key, async () => {
      const [played, seeded, { byId }] = await Promise.all([
        repo.mostPlayed(merchantCode, new Date(now() - HOT_WINDOW_MS), HOT_POOL_MAX),
        seededHot(input, language),
        loadCatalogue(),
      ]);
      const real = played
        .map((p) => byId.get(p.gameId))
        .filter(
          (r): r is GameRow =>
            r !== undefined &&
            (!input.gameType || r.game_category === input.gameType) &&
            (!input.vassalage || r.vendor_code === input.vassalage),
        )
        .slice(0, HOT_REAL_MAX)
        .map((r): GameCard => ({ ...toCard(r, language), isHot: 1 }));
      const taken = new Set(real.map((card) => card.nodeId));
      return [...real, ...seeded.filter((card) => !taken.has(card.nodeId))].slice(0, HOT_LIST_MAX);
    });
  }

  /** The catalogue's hot games (flagged by the operator or the demo seed), each vendor's in turn. */
  function seededHot(
    input: { gameType?: string | undefined; vassalage?: string | undefined },
    language: Language,
  ): Promise<GameCard[]> {
    return cached(`hot:${language}:${input.gameType ?? ''}:${input.vassalage ?? ''}`, async () => {
      const page = await list(
        {
          selectType: 'HOT',
          gameType: input.gameType,
          vassalage: input.vassalage,
          pageNo: 1,
          // Every hot game (a few hundred): the mix below picks from all of them.
          pageSize: HOT_POOL_MAX,
        },
        language,
        null,
      );
      // In catalogue order the first vendor's games would fill the list; take each vendor's
      // best in turn instead, so a site-wide hot list shows the whole catalogue.
      const byVendor = new Map<string, GameCard[]>();
      for (const game of page.games)
        byVendor.set(game.vassalage, [...(byVendor.get(game.vassalage) ?? []), game]);
      const queues = [...byVendor.values()];
      const mixed: GameCard[] = [];
      for (let i = 0; mixed.length < HOT_LIST_MAX && queues.some((q) => i < q.length); i++) {
        for (const queue of queues)
          if (i < queue.length && mixed.length < HOT_LIST_MAX) mixed.push(queue[i]!);
      }
      return mixed;
    });
  }

  /**
   * Vendor lanes (docs/product.md §3 "Vendor lane"): per category its vendors and its classify
   * menu.
   */
  function lanes() {
    return cached('lanes', async () => {
      const [menus, classify] = await Promise.all([games.gameMenus(), repo.classifyKeys()]);
      return menus.map((menu) => {
        const keys = new Map<string, Set<string>>();
        for (const row of classify) {
          if (row.game_category !== menu.gameCategory) continue;
          if (!keys.has(row.classify)) keys.set(row.classify, new Set());
          keys.get(row.classify)!.add(row.vendor_code);
        }
        return {
          title: menu.gameCategory,
          cards: menu.vendors,
          // displayName is the key: the web app translates classify keys from its catalogue.
          gameClassify: [...keys.entries()].map(([key, vendors]) => ({
            key,
            displayName: key,
            vendors: [...vendors].sort(),
          })),
        };
      });
    });
  }

  async function favourites(
    memberId: number,
    input: {
      gameType?: string | undefined;
      vassalage?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
    language: Language,
  ) {
    const page = await list(
      {
        selectType: 'FAV',
        gameType: input.gameType,
        vassalage: input.vassalage,
        pageNo: input.pageNo,
        pageSize: input.pageSize,
      },
      language,
      memberId,
    );
    return {
      content: page.games,
      pageNum: page.pageNo,
      totalPages: page.totalPages,
      totalCount: page.totalCount,
    };
  }

  async function recent(
    memberId: number,
    input: {
      gameType?: string | undefined;
      vassalage?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
    language: Language,
  ) {
    const page = await list(
      {
        selectType: 'RECENT',
        gameType: input.gameType,
        vassalage: input.vassalage,
        pageNo: input.pageNo,
        pageSize: input.pageSize,
      },
      language,
      memberId,
    );
    return { list: page.games, totalPages: page.totalPages, totalCount: page.totalCount };
  }

  async function addFavourite(memberId: number, nodeId: number): Promise<void> {
    if (!(await repo.findGame(nodeId))) throw new AppError('game_not_found');
    await repo.addFavourite(memberId, nodeId);
  }

  async function removeFavourite(memberId: number, nodeId: number): Promise<void> {
    await repo.removeFavourite(memberId, nodeId);
  }

  type WinnerRow = Awaited<ReturnType<LobbyRepository['winners']>>[number];
  const toWinner = (r: WinnerRow, language: Language): Winner => ({
    id: r.id,
    displayName: r.display_name,
    nodeId: r.game_id,
    gameName: language === 'pt-BR' ? r.name_pt : r.name_en,
    gameType: gameCategorySchema.parse(r.game_category),
    vassalage: r.vendor_code,
    iconUrl: gameIconUrl({ id: r.game_id, icon_url: r.icon_url }),
    winAmount: minorToMajor(Number(r.amount_minor)),
    winAmountMinor: Number(r.amount_minor),
    currency: r.currency,
    wonAt: r.won_at.toISOString(),
  });

  async function winners(
    merchantCode: string,
    category: string,
    limit: number,
    language: Language,
  ): Promise<Winner[]> {
    const rows = await repo.winners(merchantCode, category === 'ALL' ? null : category, limit);
    return rows.map((r) => toWinner(r, language));
  }

  /** The winners pages: real rounds' wins since `since`, biggest or newest first. */
  async function realWinners(
    merchantCode: string,
    query: { order: 'amount' | 'latest'; since: Date; limit: number },
    language: Language,
  ): Promise<Winner[]> {
    const rows = await repo.realWinners(merchantCode, query.order, query.since, query.limit);
    return rows.map((r) => toWinner(r, language));
  }

  /**
   * The games side of a launch (docs/product.md §4): the game must exist and not be under
   * maintenance (else popular games of its category are offered instead); it is recorded as
   * recent, and its card is answered. The vendors module then opens the game session.
   */
  async function beginLaunch(
    memberId: number,
    nodeId: number,
    language: Language,
  ): Promise<GameCard> {
    const game = await repo.findGame(nodeId);
    if (!game) throw new AppError('game_not_found');
    if (game.maintenance || game.vendor_maintenance) {
      const suggestions = (await hot({ gameType: game.game_category }, language))
        .filter((g) => !g.maintenance && g.nodeId !== nodeId)
        .slice(0, MAINTENANCE_SUGGESTIONS);
      throw new AppError('game_maintenance', { data: { suggestions } });
    }
    await repo.recordLaunch(memberId, nodeId);
    return toCard(game, language);
  }

  /**
   * A settled round (`bet.settled`, delivered at least once): counted for "hot", and put on
   * the winner board when it won big enough. Both writes are once per round, so a repeated
   * delivery changes nothing. `displayName` masks the member's name as the board shows it.
   */
  /** Catalogue ids by vendor and game code, remembered once found (ids never change). */
  const gameIds = new Map<string, number>();
  async function gameIdOf(vendorCode: string, gameCode: string): Promise<number | null> {
    const key = `${vendorCode}\u0000${gameCode}`;
    const known = gameIds.get(key);
    if (known !== undefined) return known;
    const id = await repo.gameIdByCode(vendorCode, gameCode);
    if (id !== null) {
      if (gameIds.size >= MAX_REMEMBERED_GAME_IDS) gameIds.clear();
      gameIds.set(key, id);
    }
    return id;
  }

  /**
   * Settled rounds (`bets.settled` events, delivered at least once, in batches): counted for
   * "hot" in their game's hour (once per event), and put on the winner board when one won big
   * enough (once per round), so a repeated delivery changes nothing. `displayName` masks a
   * member's name as the board shows it.
   */
  async function recordSettledRounds(
    events: readonly { id: number; rounds: readonly SettledRound[] }[],
    displayName: (memberId: number) => Promise<string>,
  ): Promise<void> {
    const known: { round: SettledRound; eventId: number; gameId: number; settledAt: Date }[] = [];
    for (const event of events)
      for (const round of event.rounds) {
        const gameId = await gameIdOf(round.vendorCode, round.gameCode);
        // A game the catalogue no longer has cannot be shown on either list.
        if (gameId !== null)
          known.push({ round, eventId: event.id, gameId, settledAt: new Date(round.settledAt) });
      }
    await repo.recordPlays(
      known.map(({ round, eventId, gameId, settledAt }) => ({
        eventId,
        merchantCode: round.merchantCode,
        gameId,
        hour: new Date(Math.floor(settledAt.getTime() / HOUR_MS) * HOUR_MS),
      })),
    );
    for (const { round, gameId, settledAt } of known) {
      const payout = Number(round.payoutMinor);
      if (
        payout >= BOARD_WIN_MIN_MINOR &&
        payout >= BOARD_WIN_MIN_MULTIPLE * Number(round.stakeMinor)
      )
        await repo.recordWin({
          betRoundId: round.betRoundId,
          merchantCode: round.merchantCode,
          displayName: await displayName(round.memberId),
          gameId,
          amountMinor: payout,
          currency: round.currency,
          wonAt: settledAt,
        });
    }
  }

  /** Forgets settled rounds older than the hot window (a daily job). */
  function prunePlays(): Promise<number> {
    return repo.prunePlays(new Date(now() - HOT_WINDOW_MS));
  }

  function invalidate(): void {
    cache.invalidate();
    catalogue.invalidate(); // the next request reads it again, and waits for it
    games.invalidate();
  }

  return {
    list,
    hot,
    lanes,
    favourites,
    recent,
    addFavourite,
    removeFavourite,
    winners,
    realWinners,
    recordSettledRounds,
    prunePlays,
    beginLaunch,
    invalidate,
  };
}
export type LobbyService = ReturnType<typeof createLobbyService>;
