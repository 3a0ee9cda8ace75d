/**
 * Calls index.html starts before the app's scripts arrive. Under a slow network the scripts
 * take most of a second; the calls every first page waits for (the site status for the boot
 * gate, the game menus for the header) and a category lobby's first data are asked for in
 * that time instead of after it.
 *
 * The inline script sends the headers `gatewayHeaders()` would, except the session token: it
 * only asks for what is the same for every visitor, and leaves the one call whose answer
 * depends on the member (a game list marks their favourites) to the app when a session exists.
 * src/app/early-requests.test.ts holds the script and the app in step.
 */

/** What the inline script leaves on `window`: responses by URL, all asked in one language. */
export type EarlyRequests = { language: string; responses: Record<string, Promise<Response>> };

declare global {
  interface Window {
    __bancaEarly?: EarlyRequests;
  }
}

/**
 * The response to a GET of `url` that index.html started in `language`, handed over once: a
 * later call (a retry, a refresh) asks the server again. Null when there is none to take.
 */
export function takeEarlyResponse(url: string, language: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__bancaEarly;
  const response = early?.responses[url];
  if (!early || !response || early.language !== language) return null;
  delete early.responses[url];
  return response;
}
