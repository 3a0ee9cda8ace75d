/**
 * The game address /seamless frames (`?url=`), accepted only as an absolute http(s) URL: the
 * query is in the player's address bar, so a `javascript:` or `data:` value must never reach
 * the frame.
 */
export function frameableLaunchUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
