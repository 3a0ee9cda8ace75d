import { buildDemoCatalogue, type DemoGame } from '../../server/src/demo/catalogue';

/**
 * The provider's own game list. A real provider publishes its catalogue (codes, names, RTPs)
 * and the operator imports it; here both sides build it from the same deterministic generator,
 * so the provider knows each game's advertised RTP without ever reading Banca's database.
 */
export interface ProviderGame {
  vendorCode: string;
  gameCode: string;
  category: DemoGame['gameCategory'];
  classify: string;
  nameEn: string;
  namePt: string;
  rtpBps: number;
}

export interface ProviderCatalogue {
  find(vendorCode: string, gameCode: string): ProviderGame | undefined;
  /** Every game, for tests and the index page. */
  all(): readonly ProviderGame[];
  /**
   * How a vendor's players pay: `seamless` (every bet through the operator's PAM API) or
   * `transfer` (from a balance kept here, which the operator fills and empties by transfers).
   */
  walletMode(vendorCode: string): 'seamless' | 'transfer' | undefined;
}

export function buildProviderCatalogue(): ProviderCatalogue {
  const demo = buildDemoCatalogue();
  const modes = new Map(demo.vendors.map((v) => [v.code, v.walletMode] as const));
  const games = demo.games.map((game): ProviderGame => ({
    vendorCode: game.vendorCode,
    gameCode: game.gameCode,
    category: game.gameCategory,
    classify: game.classify,
    nameEn: game.nameEn,
    namePt: game.namePt,
    rtpBps: game.rtpBps,
  }));
  const byKey = new Map(games.map((game) => [`${game.vendorCode}/${game.gameCode}`, game]));
  return {
    find: (vendorCode, gameCode) => byKey.get(`${vendorCode}/${gameCode}`),
    all: () => games,
    walletMode: (vendorCode) => modes.get(vendorCode),
  };
}

/** The vendor of a game code (`PG_00072` → `PG`) when the launch URL does not name it. */
export function vendorOfGameCode(gameCode: string): string | undefined {
  const match = /^([A-Z0-9]+)_/.exec(gameCode);
  return match?.[1];
}
