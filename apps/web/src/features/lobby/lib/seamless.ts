/**
 * The seamless game page and its query: the launched game's address (`url`), and its name and
 * vendor for the page's bar (`name`, `vendor`), so a reload shows the same page.
 */
export const SEAMLESS_PATH = '/seamless';

export function seamlessPath(
  launchUrl: string | undefined,
  game?: { displayName: string; vendorName: string },
): string {
  if (!launchUrl) return SEAMLESS_PATH;
  const query = new URLSearchParams({ url: launchUrl });
  if (game) {
    query.set('name', game.displayName);
    query.set('vendor', game.vendorName);
  }
  return `${SEAMLESS_PATH}?${query.toString()}`;
}
