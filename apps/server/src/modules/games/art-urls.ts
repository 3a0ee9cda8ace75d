import { ENDPOINTS, pathOf } from '@banca/contracts';

/**
 * Where the lobby finds a game's card picture and a vendor's logo. An operator's or vendor's
 * own image (`games.icon_url`, `vendors.logo_url`, migration 0013) wins; without one the
 * lobby shows generated art, drawn on request at these fallback addresses (the routes are
 * `src/demo/art-routes.ts`, which app.ts registers beside the modules). Their addresses are
 * `ENDPOINTS.art` of @banca/contracts.
 */

export function fallbackGameArtUrl(gameId: number): string {
  return pathOf(ENDPOINTS.art.game, { file: `${gameId}.svg` });
}

export function fallbackVendorLogoUrl(vendorCode: string): string {
  return pathOf(ENDPOINTS.art.vendor, { file: `${vendorCode}.svg` });
}

export function gameIconUrl(game: { id: number; icon_url: string | null }): string {
  return game.icon_url ?? fallbackGameArtUrl(game.id);
}

export function vendorLogoUrl(vendor: { code: string; logo_url: string | null }): string {
  return vendor.logo_url ?? fallbackVendorLogoUrl(vendor.code);
}
