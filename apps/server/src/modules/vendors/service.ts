import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../http/errors';
import type { ProviderAuthenticator, ProviderCaller } from '../../http/scopes';
import { refreshingValue } from '../../lib/refreshing-value';
import type { Accounts } from '../auth';
import type { GamesService } from '../games';
import type { Brand } from '../system';
import type { WalletService } from '../wallet';
import { fillLaunchTemplate } from './launch';
import type { GameSession, VendorsRepository } from './repository';

/** How long a game session (X-Player-Token) lets a player bet; wins and cancels land after it. */
export const GAME_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/**
 * Token length: pam_api.yml's SessionToken is 32–40 characters. 30 random bytes in base64url are
 * 40 characters (240 bits).
 */
const TOKEN_BYTES = 30;
/** API keys and vendor settings change when an operator edits them; read them again this often. */
const CONFIG_TTL_MS = 30_000;
/** Member statuses remembered for the bet check (a block takes at most this long to bite). */
const MEMBER_STATUS_TTL_MS = 5_000;
const MEMBER_STATUS_MAX = 50_000;
/**
 * Game sessions remembered by token. A session's player, vendor, currency and expiry never
 * change; only its end does (PUT /players/session), which this instance forgets at once. Another
 * instance may honour a refreshed-away token for at most this long (bench:pam: one query fewer
 * on every call; docs/pam.md).
 */
const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_MAX = 100_000;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The PAM API's two-letter language (pam_api.yml `Language`, pattern ^[A-Z]{2}$). */
export function pamLanguage(language: string): string {
  return language.slice(0, 2).toUpperCase();
}

export type VendorIntegration = {
  merchantCode: string;
  vendorCode: string;
  walletMode: 'seamless' | 'transfer';
  launchUrlTemplate: string;
  enabled: boolean;
  maintenance: boolean;
};

export function createVendorsService(deps: {
  repo: VendorsRepository;
  wallet: WalletService;
  games: GamesService;
  accounts: Accounts;
  now?: () => number;
}) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;

  const keys = refreshingValue({
    load: async () => new Map((await repo.activeApiKeys()).map((k) => [k.key_hash, k] as const)),
    maxAgeMs: CONFIG_TTL_MS,
    refreshAfterMs: CONFIG_TTL_MS / 2,
    now,
  });
  const integrations = refreshingValue({
    load: async () =>
      new Map(
        (await repo.integrations()).map((row) => [
          `${row.merchant_code}:${row.vendor_code}`,
          {
            merchantCode: row.merchant_code,
            vendorCode: row.vendor_code,
            walletMode: row.wallet_mode,
            launchUrlTemplate: row.launch_url_template,
            enabled: row.enabled,
            maintenance: row.maintenance,
          } satisfies VendorIntegration,
        ]),
      ),
    maxAgeMs: CONFIG_TTL_MS,
    refreshAfterMs: CONFIG_TTL_MS / 2,
    now,
  });

  /** The provider scope's authenticator (http/scopes.ts): who an API key belongs to. */
  const providerKeys: ProviderAuthenticator = {
    async authenticate(apiKey: string): Promise<ProviderCaller | null> {
      const key = (await keys.get()).get(sha256(apiKey));
      return key ? { providerCode: key.vendor_code ?? '*', merchantCode: key.merchant_code } : null;
    },
  };

  async function integration(
    merchantCode: string,
    vendorCode: string,
  ): Promise<VendorIntegration | null> {
    return (await integrations.get()).get(`${merchantCode}:${vendorCode}`) ?? null;
  }

  /**
   * A game session for (member, game, currency, brand): a random X-Player-Token, kept only as
   * its SHA-256, valid GAME_SESSION_TTL_MS for bets.
   */
  async function createGameSession(
    member: { memberId: number; language: string },
    game: { vendorCode: string; gameCode: string },
    currency: string,
    brand: Pick<Brand, 'merchantCode' | 'countryCode'>,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(now() + GAME_SESSION_TTL_MS);
    await repo.insertSession({
      token_hash: sha256(token),
      merchant_code: brand.merchantCode,
      member_id: member.memberId,
      vendor_code: game.vendorCode,
      game_code: game.gameCode,
      currency,
      language: pamLanguage(member.language),
      country: brand.countryCode,
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  }

  /**
   * Launch (issue 12 §2): a game session and the vendor's URL carrying its token. Throws
   * `game_not_found`, `game_maintenance` (game, vendor or the brand's integration) or
   * `game_launch_unavailable` (the brand has not configured the vendor).
   */
  async function launch(
    member: { memberId: number; language: string },
    gameId: number,
    brand: Pick<Brand, 'merchantCode' | 'countryCode' | 'currency'>,
    options: { lobbyUrl?: string } = {},
  ): Promise<{ url: string; token: string }> {
    const game = await deps.games.findPlayableGame({ id: gameId });
    if (!game) throw new AppError('game_not_found');
    const config = await integration(brand.merchantCode, game.vendor_code);
    if (!config || !config.enabled) throw new AppError('game_launch_unavailable');
    if (game.maintenance || game.vendor_maintenance || config.maintenance)
      throw new AppError('game_maintenance');
    const { token } = await createGameSession(
      member,
      { vendorCode: game.vendor_code, gameCode: game.game_code },
      brand.currency,
      brand,
    );
    const url = fillLaunchTemplate(config.launchUrlTemplate, {
      token,
      game: game.game_code,
      vendor: game.vendor_code,
      lang: pamLanguage(member.language).toLowerCase(),
      currency: brand.currency,
      lobby: options.lobbyUrl ?? '',
    });
    return { url, token };
  }

  const sessions = new Map<string, { session: GameSession; atMs: number }>();
  /** The session a token names (ended ones too: `ended_at` set), or null; unknown tokens are not remembered. */
  async function findSession(token: string): Promise<GameSession | null> {
    const hash = sha256(token);
    const hit = sessions.get(hash);
    if (hit && now() - hit.atMs < SESSION_CACHE_TTL_MS) return hit.session;
    const session = (await repo.findSession(hash)) ?? null;
    if (session) {
      if (sessions.size >= SESSION_CACHE_MAX) sessions.clear();
      sessions.set(hash, { session, atMs: now() });
    }
    return session;
  }

  /** PUT /players/session: a new token; the old one stops working. */
  async function refreshSession(session: GameSession): Promise<string | null> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const at = new Date(now());
    const created = await repo.refreshSession(
      session.id,
      {
        token_hash: sha256(token),
        merchant_code: session.merchant_code,
        member_id: session.member_id,
        vendor_code: session.vendor_code,
        game_code: session.game_code,
        currency: session.currency,
        language: session.language,
        country: session.country,
        expires_at: new Date(now() + GAME_SESSION_TTL_MS),
      },
      at,
    );
    // Forgotten after the commit, so a concurrent lookup cannot remember it as still live.
    sessions.delete(session.token_hash);
    return created ? token : null;
  }

  const memberStatuses = new Map<number, { active: boolean; atMs: number }>();
  /** Whether the member may bet (status active); remembered MEMBER_STATUS_TTL_MS. */
  async function memberMayBet(memberId: number): Promise<boolean> {
    const hit = memberStatuses.get(memberId);
    if (hit && now() - hit.atMs < MEMBER_STATUS_TTL_MS) return hit.active;
    const row = await deps.accounts.findById(memberId);
    const active = row?.status === 'active';
    if (memberStatuses.size >= MEMBER_STATUS_MAX) memberStatuses.clear();
    memberStatuses.set(memberId, { active, atMs: now() });
    return active;
  }

  /** Game codes known per vendor (positive answers only; the catalogue rarely changes). */
  const knownGames = new Set<string>();
  async function gameExists(vendorCode: string, gameCode: string): Promise<boolean> {
    const key = `${vendorCode}\u0000${gameCode}`;
    if (knownGames.has(key)) return true;
    const game = await deps.games.findPlayableGame({ vendorCode, gameCode });
    if (!game) return false;
    if (knownGames.size >= MEMBER_STATUS_MAX) knownGames.clear();
    knownGames.add(key);
    return true;
  }

  function invalidate(): void {
    keys.invalidate();
    integrations.invalidate();
  }

  return {
    providerKeys,
    integration,
    createGameSession,
    launch,
    findSession,
    refreshSession,
    memberMayBet,
    gameExists,
    invalidate,
    wallet: deps.wallet,
    now,
  };
}
export type VendorsService = ReturnType<typeof createVendorsService>;
