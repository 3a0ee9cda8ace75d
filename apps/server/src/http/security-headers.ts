import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The browser's protections, on every answer (issue 10, item 7): what the page may load and
 * run (Content-Security-Policy), who may frame it, what it tells other sites, and that a
 * member's answers are never kept in a cache. docs/gateway.md explains each choice.
 */
export type SecurityHeadersOptions = {
  /**
   * Origins whose pages the site may show in a frame besides its own: the game vendors'
   * launch addresses that /seamless frames (GAME_FRAME_ORIGINS).
   */
  gameFrameOrigins?: readonly string[];
};

/**
 * HSTS lifetime: a year, the usual value and the one browsers' preload lists ask for. Only sent
 * over TLS; without includeSubDomains, because an operator's other subdomains are not ours to
 * force onto TLS.
 */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/** An origin as CSP accepts it, with nothing that could end the directive or start another. */
const FRAME_ORIGIN_PATTERN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

export function isFrameOrigin(value: string): boolean {
  return FRAME_ORIGIN_PATTERN.test(value);
}

/** The `'sha256-…'` source of each inline script (one without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // A data block (type="application/json") is never run, so it needs no permission.
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !type.includes('javascript')) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '', 'utf8')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/**
 * The policy: everything from the site itself. Scripts only from its files, plus the inline
 * scripts of the page it is sending, by hash (`scriptHashes`); no inline event handlers.
 * Styles may be inline: React's `style` attributes are, and a style cannot run code. Images
 * also from data: (the captcha) and any https: host (vendors' artwork and logos, operators'
 * banners): an image cannot run code either. Frames: the site's own pages and the configured
 * game origins. Framed only by the site's own pages (/seamless frames same-origin games).
 */
export function contentSecurityPolicy(
  options: SecurityHeadersOptions,
  scriptHashes: readonly string[] = [],
): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", ...(options.gameFrameOrigins ?? [])],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Registers the headers on the whole app; must come before the routes' own hooks so that an
 * answer refused early (rate limit, no session) carries them too. The web shell replaces the
 * policy with one naming its inline script (`pagePolicy`).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<{ pagePolicy: (html: string) => string }> {
  for (const origin of options.gameFrameOrigins ?? [])
    if (!isFrameOrigin(origin)) throw new Error(`Not a frame origin: ${origin}`);
  const policy = contentSecurityPolicy(options);

  await app.register(fastifyHelmet, {
    // Set below, one string for every answer, so the shell's own differs only by its hashes.
    contentSecurityPolicy: false,
    // Only over TLS (below): over plain HTTP the header is meaningless, and a development
    // machine answering on localhost must not be told to refuse HTTP for a year.
    strictTransportSecurity: false,
    // Popups (customer service) keep working; pages of other origins still cannot reach ours.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Other sites learn the origin a visitor came from, never the page or its query.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Older browsers' frame-ancestors: only our own pages may frame ours.
    xFrameOptions: { action: 'sameorigin' },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', policy);
    if (request.protocol === 'https')
      reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_S}`);
  });

  // No cache (browser, proxy, CDN) keeps an answer made for a session, whatever the route said;
  // other JSON answers too unless the route chose its own caching (a login's answer holds the
  // new session's token, yet its request carried none).
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    if (request.headers.authorization || !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  return { pagePolicy: (html) => contentSecurityPolicy(options, inlineScriptHashes(html)) };
}
