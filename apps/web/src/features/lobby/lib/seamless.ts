/**
 * The seamless game page and its query: the launched game's address (`url`), and its name and
 * vendor for the page's bar (`name`, `vendor`; `vendorCode` picks the balance it shows: a
 * transfer-mode vendor plays from its own wallet), so a reload shows the same page.
 */
export const SEAMLESS_PATH = '/seamless';

export function seamlessPath(
  launchUrl: string | undefined,
  game?: { displayName: string; vendorName: string; vassalage?: string },
): string {
  if (!launchUrl) return SEAMLESS_PATH;
  const query = new URLSearchParams({ url: launchUrl });
  if (game) {
    query.set('name', game.displayName);
    query.set('vendor', game.vendorName);
    if (game.vassalage) query.set('vendorCode', game.vassalage);
  }
  return `${SEAMLESS_PATH}?${query.toString()}`;
}
