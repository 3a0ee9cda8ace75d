import { readFile, stat } from 'node:fs/promises';
import { ENDPOINTS } from '@banca/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where index.html's inline script takes the answers written into the page (apps/web/index.html). */
export const EARLY_ANSWERS_MARKER = '/* early-answers */ null';

/** The language index.html's script asks in when the visitor has not picked one. */
const DEFAULT_LANGUAGE = 'pt-BR';

/** The category lobbies whose first data index.html's script asks for early, by route. */
const LOBBY_ROUTES: Record<string, string> = {
  '/rng': 'RNG',
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/pvp': 'PVP',
  '/house': 'BGS',
};

/**
 * The anonymous calls index.html's script makes on `pathname` in the default language, the
 * same list in the same order (apps/web/index.html; web-shell.test.ts runs that script to hold
 * the two in step). The list page is left out when the address has a query: the script does not
 * ask for it then.
 */
export function earlyCalls(pathname: string, search: string): string[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const calls: string[] = [ENDPOINTS.system.status.path];
  if (!/^\/agent/.test(path))
    calls.push(ENDPOINTS.games.menus.path, `${ENDPOINTS.content.notices.path}?execution=B`);
  const lobby = LOBBY_ROUTES[path];
  if (lobby) {
    calls.push(ENDPOINTS.games.lanes.path);
    if (!search)
      calls.push(
        `${ENDPOINTS.games.list.path}?gameType=${lobby}&selectType=ALL&pageNo=1&pageSize=18`,
      );
  }
  return calls;
}

/** JSON safe inside a <script>: nothing in it can close the element or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The web app's shell (index.html) with the answers its first page waits for written into it:
 * the site status, the game menus, the notices and, on a category lobby, its lanes and first
 * page. Each of those was a request of its own after the page, and on a slow phone network
 * every request costs a round trip; now they arrive with the page. The answers are the routes'
 * own, asked through the app in the default language with the visitor's address and host; the
 * page's script uses them only when it would have asked the same (default language, no
 * merchant override, no session for the list) and asks the server otherwise.
 *
 * The file is re-read when the build changes, so a rebuilt web app is served without a restart.
 */
export function createWebShell(
  app: FastifyInstance,
  indexHtmlPath: string,
  /** The Content-Security-Policy that lets this page's own inline scripts run (by hash). */
  pagePolicy: (html: string) => string,
) {
  let cached: { mtimeMs: number; html: string } | null = null;

  async function template(): Promise<string> {
    const { mtimeMs } = await stat(indexHtmlPath);
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, html: await readFile(indexHtmlPath, 'utf8') };
    return cached.html;
  }

  async function answers(request: FastifyRequest, url: URL): Promise<Record<string, unknown>> {
    const values: Record<string, unknown> = {};
    const headers = {
      'x-gateway-version': '3',
      device: 'web',
      language: DEFAULT_LANGUAGE,
      host: request.headers.host ?? 'localhost',
    };
    await Promise.all(
      earlyCalls(url.pathname, url.search).map(async (call) => {
        const res = await app.inject({
          method: 'GET',
          url: call,
          headers,
          remoteAddress: request.ip,
        });
        // Anything but a plain success is left to the page, which asks again and shows the error.
        if (res.statusCode === 200) values[call] = res.json();
      }),
    );
    return values;
  }

  return async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const html = await template();
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    let page = html;
    if (html.includes(EARLY_ANSWERS_MARKER) && request.method !== 'HEAD') {
      const url = new URL(request.url, 'http://shell');
      const early = { language: DEFAULT_LANGUAGE, values: await answers(request, url) };
      page = html.replace(EARLY_ANSWERS_MARKER, () => scriptJson(early));
    }
    // The answers are written into the inline script, so its hash is this page's own.
    return reply.header('content-security-policy', pagePolicy(page)).send(page);
  };
}
