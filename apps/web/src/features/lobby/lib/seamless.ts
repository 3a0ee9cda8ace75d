/** The seamless game page and its `url` query (the launched game's address). */
export const SEAMLESS_PATH = '/seamless';

export function seamlessPath(launchUrl: string | undefined): string {
  return launchUrl
    ? `${SEAMLESS_PATH}?${new URLSearchParams({ url: launchUrl }).toString()}`
    : SEAMLESS_PATH;
}
